----------------------------- MODULE BatchQueue -----------------------------
(* A FIFO queue with a non-atomic batch dequeue, in OmniLink's X_Step/X_Done *)
(* style. Enq(v) enqueues v. A trace operation DeqAll(c, elems) by client c *)
(* is DeqAll_Step, taken any number of times (each takes the head of the    *)
(* queue into taken[c]), then DeqAll_Done, which returns elems = taken[c].  *)
(* Under OmniLink's semantics another client's steps may take elements      *)
(* between two steps of one batch, so a batch need not be a contiguous run  *)
(* of the queue; under the atomic semantics it must be.                     *)
EXTENDS Integers, Sequences

Clients == 0..7

VARIABLES q, taken

Init == q = <<>> /\ taken = [c \in Clients |-> <<>>]

Enq(v) == q' = Append(q, v) /\ UNCHANGED taken

DeqAll_Step(c, elems) ==
    /\ q # <<>>
    /\ Len(taken[c]) < Len(elems)
    /\ taken' = [taken EXCEPT ![c] = Append(@, Head(q))]
    /\ q' = Tail(q)

DeqAll_Done(c, elems) ==
    /\ taken[c] = elems
    /\ taken' = [taken EXCEPT ![c] = <<>>]
    /\ UNCHANGED q
=============================================================================
