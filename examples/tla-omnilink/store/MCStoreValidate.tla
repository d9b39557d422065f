----------------------------- MODULE MCStoreValidate -----------------------------
\* OmniLink's validation module for Store, written as PGo's MCStorageValidate is: it extends the module
\* OmniLink generates (StoreValidate) and binds _meta through the hooks named in MCStoreValidate.cfg.
EXTENDS StoreValidate, TLC, TLCExt, Sequences, FiniteSetsExt

WT_ROLLBACK == -31800

\* every event as <<thread, index>>, and the keys the events name: built by a filter of a product and a set map,
\* which TLC builds in n log n, where the UNION of large sets is quadratic in TLC (Keys is evaluated once)
TraceLength == IF DOMAIN __traces = {} THEN 0 ELSE Max({Len(__traces[t]) : t \in DOMAIN __traces})

TraceEvents == { e \in (DOMAIN __traces) \X (1..TraceLength) : e[2] \in DOMAIN __traces[e[1]] }

KeysImpl == TLCCache({ __traces[e[1]][e[2]].operation.k :
                       e \in { e \in TraceEvents : "k" \in DOMAIN __traces[e[1]][e[2]].operation } }, {"KeysImpl"})

NoValueImpl == -1

ResultCodeToTxnStatus == WT_ROLLBACK :> "ROLLBACK"

\* an operation that returned an error (the event is aborted) still took effect, with that status
__AbortBehaviorImpl ==
    CASE __action'.operation_name = "Write" ->
            /\ __action'.operation._meta.result_code # 0
            /\ __Spec!Write(__action'.operation.tid, __action'.operation.k, __action'.operation.v)
            /\ txnStatus'[__action'.operation.tid] = ResultCodeToTxnStatus[__action'.operation._meta.result_code]
      [] OTHER -> UNCHANGED __Spec_vars

\* an operation that succeeded must have returned OK in the spec
__Action_WriteImpl ==
    /\ __action'.operation._meta.result_code = 0
    /\ txnStatus'[__action'.operation.tid] = "OK"

\* a connection that ends aborts its open transaction, if any
__Action__TerminateThreadImpl ==
    \/ /\ __action'.operation._meta.transactionId # -1
       /\ __Spec!Abort(__action'.operation._meta.transactionId)
    \/ UNCHANGED __Spec_vars

DebugAlias == __TraceOps!DebugAlias
PostCondition == __TraceOps!PostCondition
==================================================================================
