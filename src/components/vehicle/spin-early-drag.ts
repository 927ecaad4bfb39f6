import { frameAfterDrag, spinAngleText } from '../../domain/vehicle/spin';
import { readSpinFrames, showFrame } from '../../browser/spin-frames';

/**
 * SPEC 9: the spin turns one frame per 20 px dragged, counted from the point pressed. The viewer
 * island wakes on the shopper's first touch, so the press of a first drag lands before React is
 * there to see it: without this the frames React showed were counted from wherever the pointer
 * was when hydration finished, and the first drag turned too little (or not at all). Until the
 * island is live this turns the server-rendered spin and leaves the press on the element
 * (data-drag-x, data-drag-frame) for SpinViewer to carry on from.
 */
export function initEarlySpinDrag(): void {
  for (const spin of document.querySelectorAll<HTMLElement>('.spin[data-spin-frames]')) {
    const frames = readSpinFrames(spin);
    const img = spin.querySelector('img');
    const island = spin.closest('astro-island');
    const live = () => !island || !island.hasAttribute('ssr');
    let press: { x: number; frame: number; pointerId: number } | undefined;

    spin.addEventListener('pointerdown', (event) => {
      if (live() || frames.length < 2) return;
      press = {
        x: event.clientX,
        frame: Number(spin.dataset.frame) || 0,
        pointerId: event.pointerId,
      };
      spin.dataset.dragX = String(press.x);
      spin.dataset.dragFrame = String(press.frame);
      spin.setPointerCapture(event.pointerId);
    });
    spin.addEventListener('pointermove', (event) => {
      if (!press || event.pointerId !== press.pointerId || live()) return;
      const frame = frameAfterDrag(press.frame, event.clientX - press.x, frames.length);
      if (img) showFrame(img, frames[frame]!);
      spin.dataset.frame = String(frame);
      spin.setAttribute('aria-valuenow', String(frame + 1));
      spin.setAttribute('aria-valuetext', spinAngleText(frame, frames.length));
    });
    const release = () => {
      press = undefined;
      delete spin.dataset.dragX;
      delete spin.dataset.dragFrame;
    };
    spin.addEventListener('pointerup', release);
    spin.addEventListener('pointercancel', release);
  }
}
