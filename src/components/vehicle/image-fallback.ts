import { NOT_FOUND_IMAGE } from '../../domain/vehicle/media';

/**
 * Missing photos fall back to the not-found placeholder (SPEC 8) before any island hydrates: the
 * vehicle viewer wakes only on interaction, so its own fallback (SafeImage) would come too late.
 * Images inside a `[data-image-fallback]` container are covered, whether they failed before this
 * ran (complete with no width) or fail later (error events do not bubble, so listen in capture).
 */
export function initImageFallback(): void {
  const fallBack = (img: HTMLImageElement) => {
    if (!img.src.endsWith(NOT_FOUND_IMAGE)) img.src = NOT_FOUND_IMAGE;
  };
  document.addEventListener(
    'error',
    (event) => {
      if (event.target instanceof HTMLImageElement && event.target.closest('[data-image-fallback]')) fallBack(event.target);
    },
    true,
  );
  for (const img of document.querySelectorAll<HTMLImageElement>('[data-image-fallback] img')) {
    if (img.complete && img.naturalWidth === 0 && img.getAttribute('src')) fallBack(img);
  }
}
