--------------------------- MODULE ProducerQueue ---------------------------
(* A queue that is FIFO only per producer, the relaxed semantics OmniLink    *)
(* checked a concurrent queue against: each producer p has its own queue,   *)
(* Enq(p, v) appends v to it, and Deq(v) takes v from the head of any       *)
(* producer's queue. Elements of one producer leave in the order they came; *)
(* elements of different producers may leave in any order. A try-dequeue   *)
(* that found nothing is logged as aborted ("_did_abort": true): it did not *)
(* take effect, and the trace reader drops it, as OmniLink does.            *)
EXTENDS TLC, Sequences

VARIABLE queues

Init == queues = [p \in {} |-> <<>>]

Queue(p) == IF p \in DOMAIN queues THEN queues[p] ELSE <<>>

Enq(p, v) == queues' = (p :> Append(Queue(p), v)) @@ queues

Deq(v) == \E p \in DOMAIN queues :
              /\ queues[p] # <<>>
              /\ Head(queues[p]) = v
              /\ queues' = [queues EXCEPT ![p] = Tail(@)]

\* A dequeue whose result nobody saw (it crashed): it took some producer's head.
DeqUnknown == \E p \in DOMAIN queues :
                  /\ queues[p] # <<>>
                  /\ queues' = [queues EXCEPT ![p] = Tail(@)]
=============================================================================
