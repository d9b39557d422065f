---------------------------- MODULE SequencesExt ------------------------------
(***************************************************************************)
(* SequencesExt of the TLA+ CommunityModules (the operators specs commonly  *)
(* use), written by Ariadne with their standard definitions.                *)
(***************************************************************************)
LOCAL INSTANCE Sequences
LOCAL INSTANCE Naturals
LOCAL INSTANCE FiniteSets
LOCAL INSTANCE Folds
LOCAL INSTANCE Functions

ToSet(s) == {s[i] : i \in DOMAIN s}

SetToSeq(S) == CHOOSE f \in [1..Cardinality(S) -> S] : IsInjective(f)

SetToSeqs(S) == {f \in [1..Cardinality(S) -> S] : IsInjective(f)}

SetToSortSeq(S, op(_, _)) ==
    CHOOSE f \in [1..Cardinality(S) -> S] :
        IsInjective(f) /\ \A i \in 1..(Cardinality(S) - 1) : op(f[i], f[i + 1])

SetToAllKPermutations(S) == UNION {SetToSeqs(s) : s \in SUBSET S}

TupleOf(set, n) == [1..n -> set]

SeqOf(set, n) == UNION {[1..m -> set] : m \in 0..n}

BoundedSeq(S, N) == SeqOf(S, N)

Contains(s, e) == \E i \in 1..Len(s) : s[i] = e

Reverse(s) == [i \in 1..Len(s) |-> s[(Len(s) - i) + 1]]

Remove(s, e) == SelectSeq(s, LAMBDA t : t # e)

ReplaceAll(s, old, new) == [i \in 1..Len(s) |-> IF s[i] = old THEN new ELSE s[i]]

InsertAt(s, i, e) == SubSeq(s, 1, i - 1) \o <<e>> \o SubSeq(s, i, Len(s))

ReplaceAt(s, i, e) == [s EXCEPT ![i] = e]

RemoveAt(s, i) == SubSeq(s, 1, i - 1) \o SubSeq(s, i + 1, Len(s))

Cons(elt, seq) == <<elt>> \o seq

Front(s) == SubSeq(s, 1, Len(s) - 1)

Last(s) == s[Len(s)]

IsPrefix(s, t) == Len(s) <= Len(t) /\ SubSeq(s, 1, Len(s)) = SubSeq(t, 1, Len(s))

IsStrictPrefix(s, t) == IsPrefix(s, t) /\ s # t

IsSuffix(s, t) == IsPrefix(Reverse(s), Reverse(t))

IsStrictSuffix(s, t) == IsSuffix(s, t) /\ s # t

Prefixes(s) == {SubSeq(s, 1, l) : l \in 0..Len(s)}

Suffixes(s) == {SubSeq(s, l, Len(s)) : l \in 1..Len(s)} \cup {<<>>}

FlattenSeq(seqs) ==
    IF Len(seqs) = 0 THEN seqs
    ELSE LET flat[i \in 0..Len(seqs)] == IF i = 0 THEN <<>> ELSE flat[i - 1] \o seqs[i]
         IN  flat[Len(seqs)]

Zip(s, t) == [i \in 1..Len(s) |-> <<s[i], t[i]>>]

FoldSeq(op(_, _), base, s) ==
    MapThenFoldSet(op, base, LAMBDA i : s[i], LAMBDA S : CHOOSE i \in S : \A j \in S : i >= j, DOMAIN s)

FoldLeft(op(_, _), base, s) ==
    MapThenFoldSet(LAMBDA x, y : op(y, x), base, LAMBDA i : s[i],
                   LAMBDA S : CHOOSE i \in S : \A j \in S : i >= j, DOMAIN s)

FoldRight(op(_, _), s, base) ==
    MapThenFoldSet(op, base, LAMBDA i : s[i], LAMBDA S : CHOOSE i \in S : \A j \in S : i <= j, DOMAIN s)

Indices(s) == DOMAIN s
===============================================================================
