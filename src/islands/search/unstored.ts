/**
 * Passed to every widget hook of the search app. InstantSearch computes each widget's state twice
 * per answer: once for its shared `renderState` store (read only through
 * useInstantSearch().renderState, which this app never reads) and once to draw the widget. Without
 * getRenderState a widget is left out of the store; on a slow phone that store was a tenth of a
 * filter click's time. (Pinned by tests/unit/instantsearch-internals.test.ts.)
 */
export const UNSTORED = { getRenderState: undefined };
