package tlc2.overrides;

/**
 * The Java overrides TLC looks up by this name when it loads a spec: the trace of an OmniLink validation module
 * ({@link dev.ariadne.tla.tlc.TraceOverride}), only while Ariadne has set one, so that stock TLC run on an exported
 * module (whose trace is its literal) overrides nothing.
 */
public class TLCOverrides implements ITLCOverrides {
    @Override
    @SuppressWarnings("rawtypes")
    public Class[] get() {
        return dev.ariadne.tla.tlc.TraceOverride.isSet() ? new Class[] {dev.ariadne.tla.tlc.TraceOverride.class}
                : new Class[0];
    }
}
