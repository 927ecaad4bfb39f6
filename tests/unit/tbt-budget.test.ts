import { describe, expect, it } from 'vitest';
import { tbtVerdict } from '../../scripts/measure/tbt-budget';

const run = (tbtMs: number, benchmarkIndex = 2000) => ({ tbtMs, benchmarkIndex });

describe('blocking-time budget of npm run bench:lighthouse (Lighthouse simulated TBT, 150 ms)', () => {
  it('passes a healthy page whose runs swing with the machine, as long as one run is within budget', () => {
    // A healthy vehicle page at load 26: a median or a single run would have failed it.
    expect(tbtVerdict([run(346), run(243), run(0)], 150)).toBe('within');
    expect(tbtVerdict([run(56), run(0), run(38)], 150)).toBe('within');
    expect(tbtVerdict([run(150)], 150)).toBe('within');
  });

  it('fails a page over budget in every run when Lighthouse judged the host fast enough', () => {
    expect(tbtVerdict([run(420), run(380), run(395)], 150)).toBe('over');
    expect(tbtVerdict([run(600, 300), run(200, 1600)], 150)).toBe('over');
  });

  it('does not judge a page measured only on a host Lighthouse calls too slow', () => {
    expect(tbtVerdict([run(358, 215), run(770, 274), run(1053, 318)], 150)).toBe('not judged');
  });
});
