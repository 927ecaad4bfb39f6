// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import {
  EARLY_COUNTER,
  EARLY_STEP,
  settleEarlySteps,
  stepEarly,
  STEPPING,
} from '../../src/islands/early-step';

// The server HTML of the viewer's stage as React renders it: the counter's number, " / " and the
// count are separate text nodes with comment separators.
function stage(count: number): {
  root: HTMLElement;
  next: Element;
  prev: Element;
  counter: Element;
} {
  document.body.innerHTML = `<div class="media"><div class="media__stage">
    <button class="media__open"><img alt=""></button>
    <button type="button" aria-label="Previous image" ${EARLY_STEP}="-1"></button>
    <button type="button" aria-label="Next image" ${EARLY_STEP}="1"><span></span></button>
    <p class="media__counter" ${EARLY_COUNTER}="${count}">1<!-- --> / <!-- -->${count}</p>
  </div></div>`;
  const root = document.querySelector<HTMLElement>('.media')!;
  return {
    root,
    next: root.querySelector('[aria-label="Next image"] span')!,
    prev: root.querySelector('[aria-label="Previous image"]')!,
    counter: root.querySelector('.media__counter')!,
  };
}

describe('a gallery arrow tapped before the viewer wakes', () => {
  it('moves the counter at once and dims the photo until the island has the taps', () => {
    const { root, next, counter } = stage(7);
    stepEarly(next);
    expect(counter.textContent).toBe('2 / 7');
    expect(root.querySelector('.media__stage')!.hasAttribute(STEPPING)).toBe(true);
    stepEarly(next);
    expect(counter.textContent).toBe('3 / 7');
    settleEarlySteps(root);
    expect(root.querySelector(`[${STEPPING}]`)).toBeNull();
    expect(counter.textContent).toBe('3 / 7');
  });

  it('wraps round as the viewer does: Previous from the first photo shows the last', () => {
    const { next, prev, counter } = stage(4);
    stepEarly(prev);
    expect(counter.textContent).toBe('4 / 4');
    stepEarly(next);
    expect(counter.textContent).toBe('1 / 4');
  });

  it('leaves a tap that is not on an arrow, or a stage without a counter, alone', () => {
    const { root, counter } = stage(5);
    stepEarly(root.querySelector('.media__open img')!);
    expect(counter.textContent).toBe('1 / 5');
    counter.remove();
    stepEarly(root.querySelector('[aria-label="Next image"]')!);
    expect(root.querySelector(`[${STEPPING}]`)).toBeNull();
  });
});
