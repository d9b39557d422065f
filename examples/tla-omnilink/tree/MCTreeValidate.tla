------------------------------ MODULE MCTreeValidate ------------------------------
\* OmniLink's validation module for Tree (as PGo's MCSetBenchValidate): the keys are those of the trace.
EXTENDS TreeValidate, TLC, TLCExt

KeysImpl == TLCCache(UNION UNION { {
    LET __rec == __traces[t][i]
    IN  CASE "key" \in DOMAIN __rec.operation -> {__rec.operation.key}
          [] {"lo", "hi"} \subseteq DOMAIN __rec.operation -> {__rec.operation.lo, __rec.operation.hi}
          [] OTHER -> {}
    : i \in DOMAIN __traces[t] }
    : t \in DOMAIN __traces }, {})

DebugAlias == __TraceOps!DebugAlias
PostCondition == __TraceOps!PostCondition
===================================================================================
