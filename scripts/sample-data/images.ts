/**
 * Car image URLs and files. A URL names everything needed to draw it:
 * /media/cars/<shape>/<view>-<tone>.jpg, where the tone is a paint (exterior views) or a trim
 * (interior views). Each is drawn as SVG and written as WebP, like a dealer's photo (raster.ts).
 * Cars sharing shape and colour share files, so 10,000 cars need only a few hundred images, and
 * `writeCarImages` can redraw exactly the files a list of cars uses.
 */
import { copyFile, link, mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { PAINT_HEX, TRIM_HEX, type PaintKey, type TrimKey } from './catalogue/colours';
import type { Shape } from './catalogue/types';
import { svgDoc } from './svg/common';
import * as exterior from './svg/exterior';
import * as interior from './svg/interior';
import { svgToPhotoFile, svgToWebp } from './raster';
import { notFoundSvg } from './svg/scenes';
import { viewerMediaImages } from './viewer-media';

type Render = (shape: Shape, tone: string) => string;

const EXTERIOR_VIEWS = {
  front34: { label: 'front three-quarter view', draw: exterior.front34 },
  side: { label: 'side view', draw: exterior.side },
  rear34: { label: 'rear three-quarter view', draw: exterior.rear34 },
  front: { label: 'front view', draw: exterior.front },
  rear: { label: 'rear view', draw: exterior.rear },
  wheel: { label: 'wheel detail', draw: exterior.wheelCloseUp },
  headlight: { label: 'headlight detail', draw: exterior.headlight },
  engine: { label: 'engine bay', draw: exterior.engineBay },
  cargo: { label: 'cargo area', draw: exterior.cargo },
} satisfies Record<string, { label: string; draw: Render }>;

const INTERIOR_VIEWS = {
  dashboard: { label: 'dashboard', draw: interior.dashboard },
  steering: { label: 'steering wheel and instruments', draw: interior.steering },
  screen: { label: 'infotainment screen', draw: interior.screen },
  seats: { label: 'front seats', draw: interior.seats },
  rearseats: { label: 'rear seats', draw: interior.rearSeats },
  lounge: { label: 'lounge and dinette', draw: interior.lounge },
  bed: { label: 'bedroom', draw: interior.bed },
  kitchen: { label: 'kitchen', draw: interior.kitchen },
  bathroom: { label: 'ensuite', draw: interior.bathroom },
  instruments: { label: 'instrument display', draw: () => interior.instruments() },
  saddle: { label: 'seat', draw: interior.saddle },
} satisfies Record<string, { label: string; draw: (trim: string) => string }>;

export type ViewName = keyof typeof EXTERIOR_VIEWS | keyof typeof INTERIOR_VIEWS;

/** Gallery order per kind of vehicle; a car with n photos uses the first n. */
const GALLERIES: Record<ReturnType<typeof exterior.kindOf>, ViewName[]> = {
  car: [
    'front34',
    'side',
    'rear34',
    'front',
    'rear',
    'dashboard',
    'seats',
    'rearseats',
    'cargo',
    'wheel',
    'screen',
    'steering',
    'engine',
    'headlight',
  ],
  truck: [
    'front34',
    'side',
    'rear34',
    'front',
    'rear',
    'dashboard',
    'seats',
    'cargo',
    'wheel',
    'steering',
    'engine',
    'headlight',
  ],
  bus: [
    'front34',
    'side',
    'rear34',
    'front',
    'rear',
    'dashboard',
    'rearseats',
    'wheel',
    'steering',
    'engine',
    'headlight',
  ],
  moto: [
    'front34',
    'side',
    'rear34',
    'front',
    'rear',
    'instruments',
    'saddle',
    'wheel',
    'engine',
    'headlight',
  ],
  towed: [
    'front34',
    'side',
    'rear34',
    'front',
    'rear',
    'lounge',
    'bed',
    'kitchen',
    'bathroom',
    'wheel',
  ],
  motorhome: [
    'front34',
    'side',
    'rear34',
    'front',
    'rear',
    'dashboard',
    'lounge',
    'bed',
    'kitchen',
    'bathroom',
    'wheel',
    'seats',
  ],
};

/** The most photos a vehicle of this shape can have (one per distinct view). */
export function maxPhotos(shape: Shape): number {
  return GALLERIES[exterior.kindOf(shape)].length;
}

const SHAPE_LABEL: Record<Shape, string> = {
  hatch: 'hatch',
  sedan: 'sedan',
  suv: 'SUV',
  wagon: 'wagon',
  ute: 'ute',
  cabchassis: 'cab chassis',
  van: 'van',
  peoplemover: 'people mover',
  coupe: 'coupe',
  convertible: 'convertible',
  bus: 'bus',
  lighttruck: 'light truck',
  truck: 'truck',
  primemover: 'prime mover',
  motorcycle: 'motorcycle',
  caravan: 'caravan',
  poptop: 'pop-top caravan',
  camper: 'camper trailer',
  motorhome: 'motorhome',
};

const capital = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** Image URLs for a vehicle's gallery of `count` photos. */
export function carImageUrls(
  shape: Shape,
  paint: PaintKey,
  trim: TrimKey,
  count: number,
): string[] {
  return GALLERIES[exterior.kindOf(shape)]
    .slice(0, count)
    .map((view) => `/media/cars/${shape}/${view}-${view in INTERIOR_VIEWS ? trim : paint}.jpg`);
}

const URL_PATTERN = /^\/media\/cars\/([a-z0-9]+)\/([a-z0-9]+)-([a-z]+)\.jpg$/;

/** The drawing (SVG) behind a car image URL, or undefined when the URL is not one of ours. */
export function renderCarImage(url: string): string | undefined {
  const match = URL_PATTERN.exec(url);
  if (!match) return undefined;
  const [, shape, view, tone] = match as unknown as [string, Shape, string, string];
  if (!(shape in SHAPE_LABEL)) return undefined;
  if (view in EXTERIOR_VIEWS && tone in PAINT_HEX) {
    const { label, draw } = EXTERIOR_VIEWS[view as keyof typeof EXTERIOR_VIEWS];
    return svgDoc(
      600,
      400,
      `${capital(tone)} ${SHAPE_LABEL[shape]}, ${label}`,
      draw(shape, PAINT_HEX[tone as PaintKey]),
    );
  }
  if (view in INTERIOR_VIEWS && tone in TRIM_HEX) {
    const { label, draw } = INTERIOR_VIEWS[view as keyof typeof INTERIOR_VIEWS];
    return svgDoc(
      600,
      400,
      `${capital(SHAPE_LABEL[shape])} ${label}, ${tone} trim`,
      draw(TRIM_HEX[tone as TrimKey]),
    );
  }
  return undefined;
}

export const NOT_FOUND_URL = '/media/not-found.svg';

/** Write a file under public/ for a root-relative URL, creating folders as needed. */
async function writePublicFile(root: string, url: string, content: string | Buffer): Promise<void> {
  const file = path.join(root, 'public', ...url.split('/').filter(Boolean));
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, content);
}

/**
 * Put a photo from the raster cache under public/ as a hard link (a copy across filesystems). The
 * old file is removed first: writing into an existing link would change the cached photo too.
 */
async function linkPublicFile(root: string, url: string, cacheFile: string): Promise<void> {
  const file = path.join(root, 'public', ...url.split('/').filter(Boolean));
  await mkdir(path.dirname(file), { recursive: true });
  await rm(file, { force: true });
  await link(cacheFile, file).catch(() => copyFile(cacheFile, file));
}

/** Write a drawn image as its URL says: a JPEG photo (car photos, spin frames), WebP (model pictures) or the SVG itself (raster.ts). */
export async function writeDrawnImage(root: string, url: string, svg: string): Promise<void> {
  if (url.endsWith('.jpg')) return linkPublicFile(root, url, await svgToPhotoFile(svg));
  await writePublicFile(root, url, url.endsWith('.webp') ? await svgToWebp(svg) : svg);
}

/**
 * Write every car image the given cars reference (and the not-found placeholder). Returns the
 * number of files written. Used by the full generator and by benchmarks that make their own cars.
 */
export async function writeCarImages(
  root: string,
  cars: readonly { images?: readonly { image: { url: string; thumb?: { url?: string } } }[] }[],
): Promise<number> {
  const urls = new Set<string>();
  for (const car of cars) {
    for (const { image } of car.images ?? []) {
      urls.add(image.url);
      if (image.thumb?.url) urls.add(image.thumb.url);
    }
  }
  // The placeholder stays SVG: it is a drawing, shown only when a photo is missing.
  const jobs: Promise<void>[] = [writePublicFile(root, NOT_FOUND_URL, notFoundSvg())];
  for (const url of [...urls].sort()) {
    const svg = renderCarImage(url);
    if (svg) jobs.push(writeDrawnImage(root, url, svg));
  }
  // Spin frames and demo videos of the cars that have them (viewer-media.ts).
  for (const [url, svg] of viewerMediaImages(cars as Parameters<typeof viewerMediaImages>[0]))
    jobs.push(writeDrawnImage(root, url, svg));
  await Promise.all(jobs);
  return jobs.length;
}
