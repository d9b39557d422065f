----------------------------- MODULE BulkQueue -----------------------------
(* A FIFO queue with a non-atomic bulk enqueue, in OmniLink's X_Step/X_Done *)
(* style. A trace operation EnqAll(elems, ok) is EnqAll_Step, taken any     *)
(* number of times (each enqueues the next element of elems), then          *)
(* EnqAll_Done. A bulk enqueue that succeeded (ok = TRUE) enqueued all of   *)
(* elems; one that failed (ok = FALSE) may have enqueued any prefix of them *)
(* before it gave up, so after it the queue is in one of several states.   *)
(* Deq(v) returns the head, or 0 when the queue is empty.                   *)
EXTENDS Integers, Sequences

VARIABLES q, taken   \* taken: the elements the current bulk enqueue put in

Init == q = <<>> /\ taken = <<>>

EnqAll_Step(elems, ok) ==
    /\ Len(taken) < Len(elems)
    /\ taken' = Append(taken, elems[Len(taken) + 1])
    /\ q' = Append(q, elems[Len(taken) + 1])

EnqAll_Done(elems, ok) ==
    /\ IF ok THEN taken = elems ELSE TRUE
    /\ taken' = <<>>
    /\ UNCHANGED q

Deq(v) == IF q = <<>> THEN v = 0 /\ UNCHANGED <<q, taken>>
                      ELSE v = Head(q) /\ q' = Tail(q) /\ UNCHANGED taken

\* A dequeue whose result nobody saw (it crashed): it removed the head, if any.
DeqUnknown == /\ q' = IF q = <<>> THEN q ELSE Tail(q)
              /\ UNCHANGED taken
=============================================================================
