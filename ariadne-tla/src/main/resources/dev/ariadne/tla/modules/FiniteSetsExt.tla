---------------------------- MODULE FiniteSetsExt -----------------------------
(***************************************************************************)
(* FiniteSetsExt of the TLA+ CommunityModules, written by Ariadne with      *)
(* their standard definitions.                                              *)
(***************************************************************************)
LOCAL INSTANCE Naturals
LOCAL INSTANCE FiniteSets
LOCAL INSTANCE Folds

FoldSet(op(_, _), base, set) == MapThenFoldSet(op, base, LAMBDA x : x, LAMBDA s : CHOOSE x \in s : TRUE, set)

ReduceSet(op(_, _), set, acc) == FoldSet(op, acc, set)

Sum(set) == FoldSet(LAMBDA a, b : a + b, 0, set)

SumSet(set) == FoldSet(LAMBDA a, b : a + b, 0, set)

Product(set) == FoldSet(LAMBDA a, b : a * b, 1, set)

ProductSet(set) == FoldSet(LAMBDA a, b : a * b, 1, set)

Max(S) == CHOOSE x \in S : \A y \in S : x >= y

Min(S) == CHOOSE x \in S : \A y \in S : x <= y

Quantify(S, P(_)) == Cardinality({s \in S : P(s)})

kSubset(k, S) == {s \in SUBSET S : Cardinality(s) = k}

SymDiff(A, B) == (A \ B) \cup (B \ A)

FlattenSet(S) == UNION S

Choices(Sets) == {f \in [Sets -> UNION Sets] : \A S \in Sets : f[S] \in S}

ChooseUnique(S, P(_)) == CHOOSE x \in S : P(x) /\ \A y \in S : P(y) => y = x
===============================================================================
