package dev.ariadne.core.check;

/**
 * How far a check of a relaxed history got ({@link RelaxedModel}, {@link TrackedRelaxedModel}): the furthest position
 * in the history of an operation it stepped, and whether it ran out of its steps. The core search gives up checks
 * whose relaxed histories begin with the optional operations among which one ran out ({@code CoreSearch.noteStuck}).
 */
interface RelaxedReach {
    /** The furthest position in the checked history of an operation stepped so far, or -1 (none, or not noted). */
    int reached();

    /** Whether the check ran out of its step budget. */
    boolean outOfSteps();
}
