import { describe, expect, it } from 'vitest';
import {
  loaderMachine,
  nextPhase,
  pageHandlesEvents,
  shieldsReact,
  type LoaderPhase,
  type LoaderStep,
} from '../../src/islands/search/loader-phases';

// The search page loader: asleep -> waking -> hydrating -> live, and nothing else.

const PHASES: LoaderPhase[] = ['asleep', 'waking', 'hydrating', 'live'];
const STEPS: LoaderStep[] = ['wake', 'hydrate', 'handOver'];

describe('the search page loader phases', () => {
  it('go asleep, waking, hydrating, live, one step each, and no other way', () => {
    const allowed = PHASES.flatMap((phase) =>
      STEPS.flatMap((step) => {
        const next = nextPhase(phase, step);
        return next ? [`${phase} -${step}-> ${next}`] : [];
      }),
    );
    expect(allowed).toEqual([
      'asleep -wake-> waking',
      'waking -hydrate-> hydrating',
      'hydrating -handOver-> live',
    ]);
  });

  it('let the page handle events until live, and shield React only while it hydrates', () => {
    expect(PHASES.map(pageHandlesEvents)).toEqual([true, true, true, false]);
    expect(PHASES.map(shieldsReact)).toEqual([false, false, true, false]);
  });

  it('take a second wake (another touch) as nothing: the app is asked for once', () => {
    const machine = loaderMachine();
    expect(machine.phase).toBe('asleep');
    expect(machine.step('wake')).toBe(true);
    expect(machine.step('wake')).toBe(false);
    expect(machine.phase).toBe('waking');
  });

  it('hand over only once React hydrates, and only once', () => {
    const machine = loaderMachine();
    expect(machine.step('handOver')).toBe(false);
    expect(machine.step('hydrate')).toBe(false);
    expect(machine.phase).toBe('asleep');
    machine.step('wake');
    machine.step('hydrate');
    expect(machine.step('handOver')).toBe(true);
    expect(machine.phase).toBe('live');
    for (const step of STEPS) expect(machine.step(step)).toBe(false);
    expect(machine.phase).toBe('live');
  });
});
