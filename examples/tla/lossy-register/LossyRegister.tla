--------------------------- MODULE LossyRegister ---------------------------
(* A register whose writes may be lost: Write(v) stores v or leaves the       *)
(* value as it was, so after a write the register is in one of two states.    *)
(* Ariadne follows every state the object may be in (nondeterministic spec). *)
EXTENDS Integers

VARIABLE value

Init == value = 0

Write(v) == value' = v \/ UNCHANGED value

Read(v) == value = v /\ UNCHANGED value
=============================================================================
