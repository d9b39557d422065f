-------------------------------- MODULE Folds ---------------------------------
(***************************************************************************)
(* Folds of the TLA+ CommunityModules, written by Ariadne with their        *)
(* standard definition.                                                     *)
(***************************************************************************)
\* op folded over {f(x) : x \in choices}, from base, in the order choose picks
MapThenFoldSet(op(_, _), base, f(_), choose(_), S) ==
    LET RECURSIVE iter(_)
        iter(s) == IF s = {} THEN base
                   ELSE LET x == choose(s)
                        IN  op(f(x), iter(s \ {x}))
    IN  iter(S)
===============================================================================
