----------------------------------- MODULE Tree -----------------------------------
\* An ordered map with range queries, OmniLink-shaped (after the SetBench trees in PGo's OmniLink examples):
\* Insert and Erase return the previous value (NoValue when absent), RangeQuery counts the keys in [lo, hi].
EXTENDS Integers, FiniteSets, FiniteSetsExt

CONSTANTS Keys, NoValue

VARIABLE dict

Init == dict = [k \in {} |-> NoValue]

Lookup(key) == IF key \in DOMAIN dict THEN dict[key] ELSE NoValue

Find(key, result) ==
    /\ result = Lookup(key)
    /\ UNCHANGED dict

Insert(key, value, result) ==
    /\ result = Lookup(key)
    /\ dict' = [k \in DOMAIN dict \cup {key} |-> IF k = key THEN value ELSE dict[k]]

Erase(key, result) ==
    /\ result = Lookup(key)
    /\ dict' = [k \in DOMAIN dict \ {key} |-> dict[k]]

RangeQuery(lo, hi, count) ==
    /\ count = Quantify(DOMAIN dict, LAMBDA k : lo <= k /\ k <= hi)
    /\ UNCHANGED dict

Next == \E key, lo, hi \in Keys, value, result, count \in Int :
            \/ Find(key, result) \/ Insert(key, value, result) \/ Erase(key, result)
            \/ RangeQuery(lo, hi, count)
===================================================================================
