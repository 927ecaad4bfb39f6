import { safeUrlOrUndefined } from '../../config/url-check';
import type { Car } from '../../feeds/schemas';

/** SPEC 9: carousel images are 600x400; thumbnails show only with more than 3 images. */
export const CAROUSEL_WIDTH = 600;
export const CAROUSEL_HEIGHT = 400;
export const THUMBNAILS_MIN_IMAGES = 4;
export const NOT_FOUND_IMAGE = '/media/not-found.svg';

export type VideoPosition = 'start' | 'second' | 'middle' | 'end';
export type MediaView = 'spin' | 'walkaround' | 'gallery' | 'interior';

export type Slide = { kind: 'image'; url: string; thumb: string } | { kind: 'video'; url: string };

/** Thumbnails show only when a car has more than 3 images. */
export function showsThumbnails(imageCount: number): boolean {
  return imageCount >= THUMBNAILS_MIN_IMAGES;
}

/** Where the stock video goes among n photos (SPEC 9: start, second (default), middle or end). */
export function videoIndex(position: VideoPosition, photoCount: number): number {
  if (position === 'start') return 0;
  if (position === 'end') return photoCount;
  if (position === 'middle') return Math.floor(photoCount / 2);
  return Math.min(1, photoCount);
}

/** The gallery's slides: the photos, with the stock video (car.video_url) at the site's position. */
export function gallerySlides(
  car: Pick<Car, 'images' | 'video_url'>,
  position: VideoPosition,
): Slide[] {
  const slides: Slide[] = car.images
    .filter(({ image }) => image.url.trim())
    .map(({ image }) => ({ kind: 'image', url: image.url, thumb: image.thumb?.url || image.url }));
  const video = safeUrlOrUndefined(car.video_url);
  if (video) slides.splice(videoIndex(position, slides.length), 0, { kind: 'video', url: video });
  return slides;
}

/** SPEC 9: the walkaround video is the first item's url if non-blank, else none. */
export function walkaroundUrl(car: Pick<Car, 'walkaround_videos'>): string | undefined {
  return safeUrlOrUndefined(car.walkaround_videos?.[0]?.video.url);
}

/**
 * SPEC 9: videos are all the urls, or empty; the car's external video comes first. Feeds are checked
 * when they are read, but these go into iframes, so anything but http(s) or a site path is left out here too.
 */
export function videoUrls(car: Pick<Car, 'videos' | 'external_video_url'>): string[] {
  return [car.external_video_url, ...(car.videos ?? []).map((item) => item.video.url)]
    .map(safeUrlOrUndefined)
    .filter((url): url is string => Boolean(url));
}

/** A file the browser plays itself (<video>); anything else is embedded (<iframe>). */
export function isDirectVideo(url: string): boolean {
  return /\.(mp4|webm|ogv|ogg|mov|m4v)(\?|#|$)/i.test(url);
}

/** The viewer's views a car has, in SPEC order: Spin, Walkaround, Gallery, Interior. */
export function availableViews(
  car: Pick<Car, 'spin_images' | 'walkaround_videos' | 'spin_interior_image'>,
): MediaView[] {
  const views: MediaView[] = [];
  if ((car.spin_images ?? []).filter(Boolean).length > 1) views.push('spin');
  if (walkaroundUrl(car)) views.push('walkaround');
  views.push('gallery');
  if (car.spin_interior_image?.trim()) views.push('interior');
  return views;
}

/** SPEC 4: the viewer opens on spin (gallery where the site says so), or gallery when the car has no spin. */
export function defaultView(views: MediaView[], preferred: 'spin' | 'gallery'): MediaView {
  return views.includes(preferred) ? preferred : 'gallery';
}

export const VIEW_LABELS: Record<MediaView, string> = {
  spin: 'Spin',
  walkaround: 'Walkaround',
  gallery: 'Gallery',
  interior: 'Interior',
};

/** Step through n slides, wrapping at both ends (keyboard left/right in the viewer). */
export function stepIndex(index: number, delta: number, count: number): number {
  if (count <= 0) return 0;
  return (((index + delta) % count) + count) % count;
}
