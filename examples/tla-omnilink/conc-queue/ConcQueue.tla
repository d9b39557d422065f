-------------------------------- MODULE ConcQueue --------------------------------
\* A concurrent queue with bulk operations, OmniLink-shaped (after moodycamel's ConcurrentQueue in PGo's
\* OmniLink examples): each producer has its own FIFO sub-queue; a consumer takes the head of any sub-queue.
\* A bulk enqueue is non-atomic: EnqBulk_Step appends its elements one at a time, EnqBulk_Done completes it.
EXTENDS Integers, Sequences, SequencesExt, Functions

CONSTANT Producers

VARIABLES queues, progress

Init == /\ queues = [p \in Producers |-> <<>>]
        /\ progress = [p \in Producers |-> 0]

Enq(producer, v) ==
    /\ queues' = [queues EXCEPT ![producer] = Append(@, v)]
    /\ UNCHANGED progress

EnqBulk_Step(producer, vs) ==
    /\ progress[producer] < Len(vs)
    /\ queues' = [queues EXCEPT ![producer] = Append(@, vs[progress[producer] + 1])]
    /\ progress' = [progress EXCEPT ![producer] = @ + 1]

EnqBulk_Done(producer, vs) ==
    /\ progress[producer] = Len(vs)
    /\ progress' = [progress EXCEPT ![producer] = 0]
    /\ UNCHANGED queues

Deq(v) ==
    /\ \E p \in Producers :
          /\ queues[p] # <<>>
          /\ Head(queues[p]) = v
          /\ queues' = [queues EXCEPT ![p] = Tail(@)]
    /\ UNCHANGED progress

DeqBulk(vs) ==
    /\ Len(vs) > 0
    /\ \E p \in Producers :
          /\ IsPrefix(vs, queues[p])
          /\ queues' = [queues EXCEPT ![p] = SubSeq(@, Len(vs) + 1, Len(@))]
    /\ UNCHANGED progress

\* the elements in the queue, for views and invariants
Elements == UNION {ToSet(queues[p]) : p \in Producers}

Next == \E p \in Producers, v \in Int, vs \in Seq(Int) :
            \/ Enq(p, v) \/ EnqBulk_Step(p, vs) \/ EnqBulk_Done(p, vs) \/ Deq(v) \/ DeqBulk(vs)
==================================================================================
