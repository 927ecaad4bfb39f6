import type { ResponsiveImage } from '../domain/images/responsive';

/**
 * The spin's frames as the server rendered them into `data-spin-frames` (SpinViewer): each with
 * its resized `src` and `srcset`. A frame is shown by setting both: with a srcset on the <img>,
 * a new `src` alone would change nothing.
 */
export function readSpinFrames(spin: HTMLElement): ResponsiveImage[] {
  return (JSON.parse(spin.dataset.spinFrames ?? '[]') as (ResponsiveImage | string)[]).map(
    (frame) => (typeof frame === 'string' ? { src: frame } : frame),
  );
}

export function showFrame(img: HTMLImageElement, frame: ResponsiveImage): void {
  if (frame.srcSet) img.srcset = frame.srcSet;
  else img.removeAttribute('srcset');
  img.src = frame.src;
}

/** Fetch a frame at the size the spin shows it (`sizes` as on the <img>), so turning never waits. */
export function preloadFrame(frame: ResponsiveImage, sizes: string | undefined): void {
  const image = new Image();
  if (frame.srcSet) {
    image.sizes = sizes ?? '';
    image.srcset = frame.srcSet;
  }
  image.src = frame.src;
}
