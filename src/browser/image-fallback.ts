import { NOT_FOUND_IMAGE } from '../domain/vehicle/media';

/**
 * Show the not-found placeholder (SPEC 8) in place of a photo that failed. The srcset goes too: while
 * an <img> has one, the browser shows its candidates and ignores a new `src`. Once only (a failing
 * placeholder would loop otherwise). The <img> keeps its width and height, so nothing moves.
 */
export function showNotFound(img: HTMLImageElement): void {
  if (img.getAttribute('src') === NOT_FOUND_IMAGE && !img.hasAttribute('srcset')) return;
  img.removeAttribute('srcset');
  img.removeAttribute('sizes');
  img.src = NOT_FOUND_IMAGE;
}

/**
 * Missing photos fall back to the not-found placeholder before any island hydrates: the
 * vehicle viewer wakes only on interaction, so its own fallback (SafeImage) would come too late.
 * Images inside a `[data-image-fallback]` container are covered, whether they failed before this
 * ran (complete with no width) or fail later (error events do not bubble, so listen in capture).
 */
export function initImageFallback(): void {
  document.addEventListener(
    'error',
    (event) => {
      if (event.target instanceof HTMLImageElement && event.target.closest('[data-image-fallback]'))
        showNotFound(event.target);
    },
    true,
  );
  for (const img of document.querySelectorAll<HTMLImageElement>('[data-image-fallback] img')) {
    if (img.complete && img.naturalWidth === 0 && img.getAttribute('src')) showNotFound(img);
  }
}
