------------------------------ MODULE Functions -------------------------------
(***************************************************************************)
(* Functions of the TLA+ CommunityModules, written by Ariadne with their    *)
(* standard definitions.                                                    *)
(***************************************************************************)
LOCAL INSTANCE Naturals
LOCAL INSTANCE FiniteSets

Restrict(f, S) == [x \in S |-> f[x]]

RestrictDomain(f, Test(_)) == Restrict(f, {x \in DOMAIN f : Test(x)})

RestrictValues(f, Test(_)) == Restrict(f, {x \in DOMAIN f : Test(f[x])})

IsRestriction(f, g) == DOMAIN f \subseteq DOMAIN g /\ \A x \in DOMAIN f : f[x] = g[x]

Range(f) == {f[x] : x \in DOMAIN f}

Inverse(f, S, T) == [t \in T |-> CHOOSE s \in S : t \in Range(f) => f[s] = t]

AntiFunction(f) == Inverse(f, DOMAIN f, Range(f))

IsInjective(f) == \A a, b \in DOMAIN f : f[a] = f[b] => a = b

IsSurjective(f, S, T) == \A t \in T : \E s \in S : f[s] = t

IsBijection(f, S, T) == IsInjective(f) /\ IsSurjective(f, S, T)

Injection(S, T) == {M \in [S -> T] : IsInjective(M)}

Surjection(S, T) == {M \in [S -> T] : IsSurjective(M, S, T)}

Bijection(S, T) == Injection(S, T) \cap Surjection(S, T)

ExistsInjection(S, T) == Injection(S, T) # {}

ExistsSurjection(S, T) == Surjection(S, T) # {}

ExistsBijection(S, T) == Bijection(S, T) # {}

Pointwise(f, g, T(_, _)) == [e \in DOMAIN f |-> T(f[e], g[e])]

\* op applied to the values of f over the domain elements in indices, folded
\* from base (the order must not matter: op commutative and associative)
FoldFunctionOnSet(op(_, _), base, f, indices) ==
    LET RECURSIVE iter(_)
        iter(s) == IF s = {} THEN base
                   ELSE LET x == CHOOSE x \in s : TRUE
                        IN  op(f[x], iter(s \ {x}))
    IN  iter(indices)

FoldFunction(op(_, _), base, f) == FoldFunctionOnSet(op, base, f, DOMAIN f)
===============================================================================
