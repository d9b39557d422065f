------------------------------- MODULE TLCExt ---------------------------------
(***************************************************************************)
(* The operators of TLC's extension module TLCExt that have a meaning when  *)
(* a spec is evaluated step by step, written by Ariadne with their standard *)
(* definitions (the TLA+ tools Ariadne embeds do not ship TLCExt).         *)
(***************************************************************************)
LOCAL INSTANCE TLC

\* TLC caches the value of exp, computed once, under the values of closure;
\* its meaning is exp itself.
TLCCache(exp, closure) == exp

\* TRUE when v = e, as TLC's override (which also prints the two values).
AssertEq(v, e) == v = e

\* The identity: TLC uses it to mark a state's evaluation.
TLCNoOp(val) == val

===============================================================================
