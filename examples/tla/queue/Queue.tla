-------------------------------- MODULE Queue --------------------------------
(* A FIFO queue of positive integers (OmniLink's queue, Listing 1). Deq(v)    *)
(* returns the head, or 0 when the queue is empty. DeqUnknown is a dequeue    *)
(* whose result nobody saw (it crashed): it removes the head, if there is one. *)
EXTENDS Integers, Sequences

VARIABLE q

Init == q = <<>>

Enq(v) == q' = Append(q, v)

Deq(v) == IF q = <<>> THEN v = 0 /\ UNCHANGED q
                      ELSE v = Head(q) /\ q' = Tail(q)

DeqUnknown == q' = IF q = <<>> THEN q ELSE Tail(q)

(* A hint (docs/tla.md, "Witness validation"): the built-in fifo-queue's check *)
(* proposes an order, which check --tla replays through the actions above.     *)
AriadneModel == "fifo-queue"
AriadneActions == "Enq=enqueue, Deq=dequeue"
AriadneNil == "0"
=============================================================================
