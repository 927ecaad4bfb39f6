/**
 * The search page loader's phases (./loader.ts), as one explicit machine:
 *
 *   asleep ──wake──▶ waking ──hydrate──▶ hydrating ──handOver──▶ live
 *
 * - asleep: the HTML is the app. Ticks, typing and picks are recorded for React, clicks it cannot
 *   act on are held, and a facet tick may be answered by the page itself (./early-answers.ts).
 * - waking: the shopper touched the page (or their stored lists need the app): its code is asked
 *   for once, when the page is idle. Still as asleep for events.
 * - hydrating: React has started; the page's discrete events are kept from it (a discrete event
 *   made React hydrate the whole app in that task) and still handled as asleep.
 * - live: the one hand-over: the page's listeners go, the recorded changes and held clicks are
 *   played to React, and early answers stop. The app answers by itself from here on.
 *
 * A step not drawn above does nothing: a second touch does not load the app twice, and nothing
 * leaves `live`.
 */
export type LoaderPhase = 'asleep' | 'waking' | 'hydrating' | 'live';
export type LoaderStep = 'wake' | 'hydrate' | 'handOver';

const NEXT: Record<LoaderPhase, Partial<Record<LoaderStep, LoaderPhase>>> = {
  asleep: { wake: 'waking' },
  waking: { hydrate: 'hydrating' },
  hydrating: { handOver: 'live' },
  live: {},
};

/** The phase a step leads to from `phase`, or undefined when the step does not apply there. */
export function nextPhase(phase: LoaderPhase, step: LoaderStep): LoaderPhase | undefined {
  return NEXT[phase][step];
}

/** The page handles the shopper's events itself (records, holds, answers early) until React is live. */
export const pageHandlesEvents = (phase: LoaderPhase) => phase !== 'live';

/** While React hydrates, the page's discrete events are kept from it. */
export const shieldsReact = (phase: LoaderPhase) => phase === 'hydrating';

export interface LoaderMachine {
  readonly phase: LoaderPhase;
  /** Takes the step if it applies in the current phase: true if it did (the caller then acts on it). */
  step(step: LoaderStep): boolean;
}

/** A machine starting asleep. */
export function loaderMachine(): LoaderMachine {
  let phase: LoaderPhase = 'asleep';
  return {
    get phase() {
      return phase;
    },
    step(step) {
      const next = nextPhase(phase, step);
      if (next) phase = next;
      return next !== undefined;
    },
  };
}
