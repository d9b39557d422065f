----------------------------- MODULE MCStoreValidate -----------------------------
\* OmniLink's validation module for Store, written as PGo's MCStorageValidate is: it extends the module
\* OmniLink generates (StoreValidate) and binds _meta through the hooks named in MCStoreValidate.cfg.
EXTENDS StoreValidate, TLC, TLCExt, Sequences

WT_ROLLBACK == -31800

KeysImpl == TLCCache(UNION UNION { {
    LET __rec == __traces[t][i]
    IN  IF "k" \in DOMAIN __rec.operation
        THEN {__rec.operation.k}
        ELSE {}
    : i \in DOMAIN __traces[t] }
    : t \in DOMAIN __traces }, {"KeysImpl"})

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
