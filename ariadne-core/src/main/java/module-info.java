/**
 * Ariadne's core: histories, the model SPI, the checking API, the online checker and the built-in models. It has no
 * runtime dependencies. The engines ({@code search}), the decision procedures ({@code procedures}) and the views of
 * the built-in models' prepared operations they use ({@code prepared}) are internal:
 * their classes are public so the packages can use each other, but they are not exported and are not API.
 */
module dev.ariadne.core {
    exports dev.ariadne.core.history;
    exports dev.ariadne.core.model;
    exports dev.ariadne.core.models;
    exports dev.ariadne.core.check;
    exports dev.ariadne.core.online;
}
