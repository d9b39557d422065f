------------------------------ MODULE Counter ------------------------------
(* A counter from 0. Inc(prev) is a fetch-and-increment: it adds 1 and      *)
(* returns the value before, prev. Add(d) adds d and returns nothing;       *)
(* Read(v) returns the value.                                               *)
EXTENDS Integers

VARIABLE x

Init == x = 0

Inc(prev) == prev = x /\ x' = x + 1

Add(d) == x' = x + d

Read(v) == v = x /\ UNCHANGED x
=============================================================================
