------------------------------ MODULE KeyValue ------------------------------
(* A key-value map of strings: Get(k, v) reads v ("" for a key never       *)
(* written), Put(k, v) stores v, AppendTo(k, v) appends v to the value of  *)
(* k. AriadnePartition names the parameter whose values are independent:   *)
(* every action with key k reads and writes only store[k], so Ariadne      *)
(* checks each key on its own (P-compositionality), as its built-in kv     *)
(* model does.                                                              *)
EXTENDS TLC, Sequences

VARIABLE store

AriadnePartition == "k"

Init == store = [k \in {} |-> ""]

Val(k) == IF k \in DOMAIN store THEN store[k] ELSE ""

Get(k, v) == v = Val(k) /\ UNCHANGED store

Put(k, v) == store' = (k :> v) @@ store

AppendTo(k, v) == store' = (k :> (Val(k) \o v)) @@ store
=============================================================================
