import { autoRotateNext, SPIN_INTERVAL_MS, spinAngleText } from '../../domain/vehicle/spin';
import { preloadFrame, readSpinFrames, showFrame } from '../../browser/spin-frames';

/**
 * SPEC 4: the 360 spin turns once around on load (unless the site turns that off), then stops.
 * This plays that turn on the server-rendered spin without React: the viewer island hydrates only
 * when the shopper touches it, so a page that just turns its car loads no framework code. Once the
 * island is live the turn stops here and SpinViewer carries on from the frame showing. Nobody who
 * asked for less motion sees it turn.
 */
export function initSpinAutoplay(): void {
  for (const spin of document.querySelectorAll<HTMLElement>(
    '[data-spin-frames][data-rotating="true"]',
  )) {
    const frames = readSpinFrames(spin);
    const img = spin.querySelector('img');
    const island = spin.closest('astro-island');
    const done = () => (spin.dataset.rotating = 'false');
    if (!img || frames.length < 2 || matchMedia('(prefers-reduced-motion: reduce)').matches) {
      done();
      continue;
    }
    for (const frame of frames) preloadFrame(frame, img.sizes);
    let frame = 0;
    let ticks = 0;
    const timer = window.setInterval(() => {
      if (island && !island.hasAttribute('ssr')) return window.clearInterval(timer); // React has it now
      if (spin.dataset.dragX !== undefined) {
        // The shopper took hold of it (src/components/vehicle/spin-early-drag.ts).
        window.clearInterval(timer);
        done();
        return;
      }
      const next = autoRotateNext(frame, ticks, frames.length);
      if (next === undefined) {
        window.clearInterval(timer);
        done();
        return;
      }
      frame = next;
      ticks++;
      showFrame(img, frames[frame]!);
      spin.dataset.frame = String(frame);
      spin.setAttribute('aria-valuenow', String(frame + 1));
      spin.setAttribute('aria-valuetext', spinAngleText(frame, frames.length));
    }, SPIN_INTERVAL_MS);
  }
}
