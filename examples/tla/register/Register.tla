------------------------------ MODULE Register ------------------------------
(* A read/write register of integers. It starts at 0, which no write stores:  *)
(* a read of 0 saw nothing written yet. An operation Write(v) or Read(v) of a *)
(* trace is the action of the same name, with v bound to the trace's value.   *)
EXTENDS Integers

VARIABLE value

Init == value = 0

Write(v) == value' = v

Read(v) == value = v /\ UNCHANGED value
=============================================================================
