---------------------------------- MODULE Store ----------------------------------
\* A key-value store with transactions, OmniLink-shaped (after PGo's WiredTiger Storage spec): each action
\* records the status it returns in txnStatus, which OmniLink's validation hooks compare with the status the
\* implementation returned (_meta.result_code). A write that conflicts with another active transaction's write
\* fails with "ROLLBACK" and ends its transaction. Reads see the transaction's own writes, else committed data.
EXTENDS Integers, Functions, SequencesExt, FiniteSetsExt, TLC

CONSTANTS Keys, NoValue

VARIABLES data, active, writes, txnStatus

vars == <<data, active, writes, txnStatus>>

Init == /\ data = [k \in Keys |-> NoValue]
        /\ active = {}
        /\ writes = [t \in {} |-> <<>>]
        /\ txnStatus = [t \in {} |-> "OK"]

Begin(tid) ==
    /\ tid \notin DOMAIN writes
    /\ active' = active \cup {tid}
    /\ writes' = (tid :> [k \in {} |-> NoValue]) @@ writes
    /\ txnStatus' = (tid :> "OK") @@ txnStatus
    /\ UNCHANGED data

Conflict(tid, k) == \E t \in active \ {tid} : k \in DOMAIN writes[t]

Write(tid, k, v) ==
    /\ tid \in active
    /\ IF Conflict(tid, k)
       THEN /\ txnStatus' = [txnStatus EXCEPT ![tid] = "ROLLBACK"]
            /\ active' = active \ {tid}
            /\ UNCHANGED <<data, writes>>
       ELSE /\ writes' = [writes EXCEPT ![tid] = (k :> v) @@ @]
            /\ txnStatus' = [txnStatus EXCEPT ![tid] = "OK"]
            /\ UNCHANGED <<data, active>>

Read(tid, k, v) ==
    /\ tid \in active
    /\ v = IF k \in DOMAIN writes[tid] THEN writes[tid][k] ELSE data[k]
    /\ txnStatus' = [txnStatus EXCEPT ![tid] = "OK"]
    /\ UNCHANGED <<data, active, writes>>

Commit(tid) ==
    /\ tid \in active
    \* the transaction's writes over the committed data (@@ takes its left side's values): a step that costs the
    \* number of keys, where [k \in Keys |-> ... data[k]] costs its square (TLC looks a key up by a linear scan)
    /\ data' = writes[tid] @@ data
    /\ active' = active \ {tid}
    /\ txnStatus' = [txnStatus EXCEPT ![tid] = "OK"]
    /\ UNCHANGED writes

Abort(tid) ==
    /\ tid \in active
    /\ active' = active \ {tid}
    /\ UNCHANGED <<data, writes, txnStatus>>

\* the keys written so far (for the views of a validation module)
Written == UNION {DOMAIN writes[t] : t \in DOMAIN writes}

Next == \E tid \in Int, k \in Keys, v \in Int :
            \/ Begin(tid) \/ Write(tid, k, v) \/ Read(tid, k, v) \/ Commit(tid) \/ Abort(tid)
==================================================================================
