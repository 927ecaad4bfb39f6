/**
 * Viewer media for the demo cars: 360 spin frames, an interior view, walkaround and stock videos.
 * Chosen by car id, so the same cars get the same media on every run (deterministic), and drawn
 * locally (no network): spin frames drawn as SVG and written as 1600x1067 JPEG photos (raster.ts, photo.ts). The walkaround
 * "video" is an animated SVG stepping through those frames, embedded like a hosted video; the
 * vehicle page embeds any URL that is not a direct video file.
 */
import type { CarInput } from '../../src/feeds/schemas';
import { PAINT_HEX, type PaintKey } from './catalogue/colours';
import type { Shape } from './catalogue/types';
import { svgDoc } from './svg/common';
import * as exterior from './svg/exterior';

/** Frames per 360 spin: one every 45 degrees. */
export const SPIN_FRAMES = 8;
/** Paints that get spin frames: enough demo cars with a spin, without drawing a set for every colour. */
const SPIN_PAINTS = new Set(['white', 'silver', 'red']);

const IMAGE_URL = /^\/media\/cars\/([a-z0-9]+)\/[a-z0-9]+-([a-z]+)\.jpg$/;

/** Which exterior drawing shows each 45-degree step, and whether it is mirrored (the far side). */
const FRAME_VIEWS: [draw: (shape: Shape, paint: string) => string, mirrored: boolean][] = [
  [exterior.front, false],
  [exterior.front34, false],
  [exterior.side, false],
  [exterior.rear34, false],
  [exterior.rear, false],
  [exterior.rear34, true],
  [exterior.side, true],
  [exterior.front34, true],
];

const pad = (n: number) => String(n).padStart(2, '0');

export function spinFrameUrl(shape: string, paint: string, frame: number): string {
  return `/media/cars/${shape}/spin-${paint}/${pad(frame)}.jpg`;
}

export function walkaroundVideoUrl(shape: string, paint: string): string {
  return `/media/cars/${shape}/walkaround-${paint}.svg`;
}

function spinFrameSvg(shape: Shape, paint: PaintKey, frame: number): string {
  const [draw, mirrored] = FRAME_VIEWS[frame]!;
  const body = draw(shape, PAINT_HEX[paint]);
  const angle = frame * (360 / SPIN_FRAMES);
  return svgDoc(
    600,
    400,
    `360 view of a ${paint} ${shape}, ${angle} degrees`,
    `${mirrored ? `<g transform="matrix(-1 0 0 1 600 0)">${body}</g>` : body}<text x="580" y="385" text-anchor="end" font-family="sans-serif" font-size="14" fill="#333">${angle}°</text>`,
  );
}

/** An SVG that steps through the spin frames like a short clip, looping. */
function walkaroundSvg(shape: string, paint: string): string {
  const frames = Array.from({ length: SPIN_FRAMES }, (_, frame) =>
    spinFrameUrl(shape, paint, frame),
  );
  return svgDoc(
    600,
    400,
    `Walkaround video of a ${paint} ${shape}`,
    `<image width="600" height="400" href="${frames[0]}"><animate attributeName="href" values="${frames.join(';')}" dur="2.4s" calcMode="discrete" repeatCount="indefinite"/></image>`,
  );
}

/**
 * Add viewer media to some cars in a spin paint: every third (by id) gets spin frames and an
 * interior view, every sixth a walkaround video, and every fourth (offset one) a stock video
 * among its photos.
 */
export function addViewerMedia(cars: CarInput[]): CarInput[] {
  for (const car of cars) {
    const first = car.images?.[0]?.image.url;
    const match = first ? IMAGE_URL.exec(first) : null;
    if (!match) continue;
    const [, shape, paint] = match as unknown as [string, string, string];
    if (!(paint in PAINT_HEX)) continue;
    const id = Number(car.id);
    if (id % 3 === 0 && SPIN_PAINTS.has(paint)) {
      car.spin_images = Array.from({ length: SPIN_FRAMES }, (_, frame) =>
        spinFrameUrl(shape, paint, frame),
      );
      // The sixth photo is an interior view for every kind of vehicle (see images.ts GALLERIES).
      const interior = car.images?.[5]?.image.url;
      if (interior) car.spin_interior_image = interior;
    }
    if (id % 6 === 0 && SPIN_PAINTS.has(paint))
      car.walkaround_videos = [{ video: { url: walkaroundVideoUrl(shape, paint) } }];
    if (id % 4 === 1 && SPIN_PAINTS.has(paint)) car.video_url = walkaroundVideoUrl(shape, paint);
  }
  return cars;
}

/** The files the viewer media of these cars need: URL -> SVG (written as WebP where the URL says so). */
export function viewerMediaImages(cars: readonly CarInput[]): Map<string, string> {
  const files = new Map<string, string>();
  for (const car of cars) {
    const videos = [car.video_url, car.walkaround_videos?.[0]?.video.url].filter(
      (url): url is string => Boolean(url),
    );
    const spinSources = new Set<string>(
      (car.spin_images ?? []).map((url) => url.replace(/\/\d+\.jpg$/, '')),
    );
    for (const url of videos) {
      const match = /^\/media\/cars\/([a-z0-9]+)\/walkaround-([a-z]+)\.svg$/.exec(url);
      if (!match) continue;
      files.set(url, walkaroundSvg(match[1]!, match[2]!));
      spinSources.add(`/media/cars/${match[1]}/spin-${match[2]}`);
    }
    for (const source of spinSources) {
      const match = /^\/media\/cars\/([a-z0-9]+)\/spin-([a-z]+)$/.exec(source);
      if (!match || files.has(`${source}/00.jpg`)) continue;
      const [, shape, paint] = match as unknown as [string, Shape, PaintKey];
      for (let frame = 0; frame < SPIN_FRAMES; frame++)
        files.set(spinFrameUrl(shape, paint, frame), spinFrameSvg(shape, paint, frame));
    }
  }
  return files;
}
