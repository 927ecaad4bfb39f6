/**
 * Exterior views of a vehicle in its paint: side, front and rear three-quarters, straight
 * front and rear, and close-ups (wheel, headlight, engine bay, cargo area).
 */
import type { Shape } from '../catalogue/types';
import { f, floorShadow, outline, pts, roundedPath, shade, studio } from './common';
import { GROUND, endsOf, sideView, wheel } from './side';

type Kind = 'car' | 'truck' | 'bus' | 'moto' | 'towed' | 'motorhome';

export function kindOf(shape: Shape): Kind {
  if (shape === 'motorcycle') return 'moto';
  if (shape === 'caravan' || shape === 'poptop' || shape === 'camper') return 'towed';
  if (shape === 'motorhome') return 'motorhome';
  if (shape === 'bus') return 'bus';
  if (shape === 'lighttruck' || shape === 'truck' || shape === 'primemover') return 'truck';
  return 'car';
}

/**
 * Three-quarter views in a flat 2.5D style: the side view compressed, with the front (or rear)
 * face narrowed and butted against the nose (or tail), nearer the viewer and slightly lower.
 */
function threeQuarter(shape: Shape, paint: string, end: 'front' | 'rear'): string {
  const ends = endsOf(shape);
  const kind = kindOf(shape);
  const sideScale = 0.8;
  const faceScale = kind === 'moto' ? 0.5 : 0.42;
  const { w } = faceSize(shape);
  const faceWidth = (kind === 'moto' ? 180 : kind === 'towed' ? 300 : w) * faceScale;
  // Where the nose (front) or tail (rear, after mirroring) sits before compressing.
  const edge = ends
    ? end === 'front'
      ? ends.nose.x
      : 600 - ends.tail.x
    : kind === 'moto'
      ? 150
      : 40;
  const shift = faceWidth * 0.55;
  const sideX = 300 + shift - 300 * sideScale;
  const edgeX = sideX + edge * sideScale;
  const sideBody =
    end === 'front'
      ? sideView(shape, paint)
      : `<g transform="matrix(-1 0 0 1 600 0)">${sideView(shape, paint)}</g>`;
  const faceBody = end === 'front' ? faceFor(shape, paint, false) : faceFor(shape, paint, true);
  const faceX = edgeX - faceWidth / 2 + 4;
  return (
    studio() +
    `<g transform="matrix(${sideScale} 0 0 1 ${f(sideX)} 0)">${sideBody}</g>` +
    `<g transform="matrix(${faceScale} 0 0 1.03 ${f(faceX - 300 * faceScale)} ${f(GROUND - GROUND * 1.03 + 4)})">${faceBody}</g>`
  );
}

export function front34(shape: Shape, paint: string): string {
  return threeQuarter(shape, paint, 'front');
}

export function rear34(shape: Shape, paint: string): string {
  return threeQuarter(shape, paint, 'rear');
}

export function side(shape: Shape, paint: string): string {
  return studio() + sideView(shape, paint);
}

interface FaceSize {
  w: number;
  roof: number;
  belt: number;
  bonnet: number;
  bumper: number;
}

/** Face proportions derived from the side profile, so front and side views agree. */
function faceSize(shape: Shape): FaceSize {
  const ends = endsOf(shape);
  const roof = ends?.roof ?? 170;
  const kind = kindOf(shape);
  const w =
    kind === 'car'
      ? shape === 'suv' ||
        shape === 'ute' ||
        shape === 'van' ||
        shape === 'peoplemover' ||
        shape === 'cabchassis'
        ? 330
        : 300
      : 320;
  const bonnet = ends ? ends.nose.top + 4 : 240;
  return {
    w,
    roof,
    belt: Math.max(roof + 40, bonnet - 12),
    bonnet,
    bumper: ends?.nose.bottom ?? 300,
  };
}

/** Straight front (or rear, when `rear`) of a car, truck or bus. */
function face(shape: Shape, paint: string, rear: boolean): string {
  const kind = kindOf(shape);
  const { w, roof, belt, bonnet, bumper } = faceSize(shape);
  const cx = 300;
  const half = w / 2;
  const line = outline(paint);
  const cab = kind === 'truck' || kind === 'bus' || kind === 'motorhome';
  let out = floorShadow(cx, GROUND, w + 30);
  out += `<rect x="${cx - half + 8}" y="${bumper - 30}" width="44" height="${GROUND - bumper + 30}" rx="8" fill="#1e2024"/><rect x="${cx + half - 52}" y="${bumper - 30}" width="44" height="${GROUND - bumper + 30}" rx="8" fill="#1e2024"/>`;
  if (cab) {
    out += `<path d="${roundedPath(
      [
        [cx - half, bumper],
        [cx - half, roof + 10],
        [cx + half, roof + 10],
        [cx + half, bumper],
      ],
      16,
    )}" fill="${paint}" stroke="${line}" stroke-width="2"/>`;
    const glassBottom = roof + (bumper - roof) * 0.5;
    out += rear
      ? `<rect x="${cx - half + 20}" y="${roof + 26}" width="${w - 40}" height="${f(bumper - roof - 60)}" rx="4" fill="${shade(paint, -0.06)}" stroke="${line}"/><path d="M${cx} ${roof + 26}V${bumper - 34}" stroke="${line}" stroke-width="2"/>` +
        `<rect x="${cx - half + 6}" y="${bumper - 52}" width="12" height="30" fill="#c4161c"/><rect x="${cx + half - 18}" y="${bumper - 52}" width="12" height="30" fill="#c4161c"/>`
      : `<rect x="${cx - half + 16}" y="${roof + 24}" width="${w - 32}" height="${f(glassBottom - roof - 24)}" rx="10" fill="#2a3440"/>` +
        `<rect x="${cx - 70}" y="${f(glassBottom + 22)}" width="140" height="34" rx="6" fill="#23262b"/>` +
        `<rect x="${cx - half + 14}" y="${bumper - 40}" width="50" height="18" rx="4" fill="#eef3f7"/><rect x="${cx + half - 64}" y="${bumper - 40}" width="50" height="18" rx="4" fill="#eef3f7"/>`;
    out += `<rect x="${cx - half - 4}" y="${bumper - 14}" width="${w + 8}" height="16" rx="4" fill="#3a3e44"/><rect x="${cx - 36}" y="${bumper - 12}" width="72" height="16" fill="#f4f4f0" stroke="#666"/>`;
    return out;
  }
  // Cabin: a tapered glasshouse on a wide lower body.
  const topHalf = half * 0.62;
  const beltHalf = half * 0.86;
  out += `<path d="${roundedPath(
    [
      [cx - beltHalf, belt + 4],
      [cx - topHalf, roof],
      [cx + topHalf, roof],
      [cx + beltHalf, belt + 4],
    ],
    12,
  )}" fill="${paint}" stroke="${line}" stroke-width="2"/>`;
  out += `<polygon points="${pts([
    [cx - beltHalf + 14, belt],
    [cx - topHalf + 8, roof + 8],
    [cx + topHalf - 8, roof + 8],
    [cx + beltHalf - 14, belt],
  ])}" fill="#2a3440"/>`;
  out += `<path d="${roundedPath(
    [
      [cx - half, bumper],
      [cx - half, bonnet + 8],
      [cx - half + 16, belt + 2],
      [cx + half - 16, belt + 2],
      [cx + half, bonnet + 8],
      [cx + half, bumper],
    ],
    14,
  )}" fill="${paint}" stroke="${line}" stroke-width="2"/>`;
  out += `<path d="M${cx - half - 12} ${belt + 6}h16v14h-16zM${cx + half - 4} ${belt + 6}h16v14h-16z" fill="${paint}" stroke="${line}"/>`;
  const mid = (bonnet + bumper) / 2;
  if (rear) {
    out += `<path d="M${cx - half + 4} ${bonnet + 10}h56l-6 18h-50zM${cx + half - 4} ${bonnet + 10}h-56l6 18h50z" fill="#c4161c"/>`;
    out += `<rect x="${cx - 40}" y="${f(mid - 4)}" width="80" height="20" fill="#f4f4f0" stroke="#666"/><circle cx="${cx}" cy="${bonnet + 16}" r="7" fill="#c9ced4"/>`;
    if (shape === 'ute' || shape === 'cabchassis')
      out += `<path d="M${cx - half + 70} ${bonnet + 6}h${w - 140}" stroke="${line}" stroke-width="2"/>`;
  } else {
    out += `<path d="M${cx - half + 6} ${bonnet + 8}l64 6v14l-62-4zM${cx + half - 6} ${bonnet + 8}l-64 6v14l62-4z" fill="#eef3f7" stroke="#8a939c"/>`;
    out += `<rect x="${cx - 62}" y="${bonnet + 10}" width="124" height="${f(mid - bonnet - 2)}" rx="8" fill="#23262b"/><path d="M${cx - 52} ${f(bonnet + 20)}h104M${cx - 52} ${f(bonnet + 30)}h104" stroke="#3c4047" stroke-width="3"/><circle cx="${cx}" cy="${f(bonnet + 24)}" r="7" fill="#c9ced4"/>`;
    out += `<rect x="${cx - 36}" y="${f(mid + 10)}" width="72" height="16" fill="#f4f4f0" stroke="#666"/>`;
  }
  out += `<rect x="${cx - half + 30}" y="${bumper - 12}" width="${w - 60}" height="10" rx="4" fill="#2b2e33"/>`;
  return out;
}

function bikeFace(paint: string, rear: boolean): string {
  return (
    `<ellipse cx="300" cy="${GROUND + 1}" rx="70" ry="8" fill="#000" opacity=".18"/><rect x="286" y="220" width="28" height="112" rx="10" fill="#1e2024"/>` +
    `<path d="M280 150L286 250M320 150L314 250" stroke="#c0c5cb" stroke-width="7"/>` +
    (rear
      ? `<path d="M262 170h76l-12 40h-52z" fill="${paint}"/><rect x="284" y="176" width="32" height="10" rx="3" fill="#c4161c"/><rect x="276" y="214" width="48" height="26" fill="#f4f4f0" stroke="#666"/><rect x="340" y="226" width="20" height="60" rx="8" fill="#aeb4ba"/>`
      : `<path d="M250 140Q300 96 350 140L338 186H262Z" fill="${paint}" stroke="${outline(paint)}" stroke-width="2"/><circle cx="300" cy="164" r="18" fill="#eef3f7" stroke="#5c6168" stroke-width="4"/><path d="M264 118l-14-28M336 118l14-28" stroke="#2a2d32" stroke-width="5"/>`) +
    `<path d="M220 128H380" stroke="#2a2d32" stroke-width="7" stroke-linecap="round"/><path d="M210 96h30v14h-30zM360 96h30v14h-30z" fill="#2a2d32"/>`
  );
}

function towedFace(shape: Shape, paint: string, rear: boolean): string {
  const line = outline(paint);
  const camper = shape === 'camper';
  const top = shape === 'caravan' ? 104 : shape === 'poptop' ? 130 : 200;
  let out = floorShadow(300, GROUND, 330);
  out += `<rect x="132" y="262" width="40" height="70" rx="8" fill="#1e2024"/><rect x="428" y="262" width="40" height="70" rx="8" fill="#1e2024"/>`;
  out += `<path d="${roundedPath(
    [
      [150, 296],
      [150, top],
      [450, top],
      [450, 296],
    ],
    16,
  )}" fill="${paint}" stroke="${line}" stroke-width="2"/>`;
  if (camper)
    out += `<rect x="156" y="${top - 40}" width="288" height="40" rx="10" fill="#2f3338"/>`;
  if (rear) {
    out += `<rect x="170" y="260" width="16" height="22" fill="#c4161c"/><rect x="414" y="260" width="16" height="22" fill="#c4161c"/><circle cx="300" cy="${camper ? 250 : 214}" r="36" fill="#1e2024"/><circle cx="300" cy="${camper ? 250 : 214}" r="20" fill="#b9bec4"/><rect x="264" y="282" width="72" height="16" fill="#f4f4f0" stroke="#666"/>`;
    if (!camper)
      out += `<rect x="200" y="${top + 24}" width="200" height="64" rx="10" fill="#2a3440"/>`;
  } else {
    if (!camper)
      out += `<rect x="190" y="${top + 20}" width="220" height="60" rx="12" fill="#2a3440"/><rect x="150" y="236" width="300" height="60" fill="#c8ccd1" stroke="#9aa0a7"/><path d="M150 256h300M150 276h300" stroke="#b1b6bc"/>`;
    out += `<path d="M180 296L300 352L420 296" fill="none" stroke="#3a3e44" stroke-width="10" stroke-linejoin="round"/><circle cx="300" cy="350" r="10" fill="#22252a"/>`;
  }
  return out;
}

function faceFor(shape: Shape, paint: string, isRear: boolean): string {
  const kind = kindOf(shape);
  return kind === 'moto'
    ? bikeFace(paint, isRear)
    : kind === 'towed'
      ? towedFace(shape, paint, isRear)
      : face(shape, paint, isRear);
}

/** Straight-on front of the vehicle. */
export function front(shape: Shape, paint: string): string {
  return studio() + faceFor(shape, paint, false);
}

/** Straight-on rear of the vehicle. */
export function rear(shape: Shape, paint: string): string {
  return studio() + faceFor(shape, paint, true);
}

/** Close-up of a wheel under its guard. */
export function wheelCloseUp(shape: Shape, paint: string): string {
  const kind = kindOf(shape);
  const panel = kind === 'moto' ? '#d9dde2' : paint;
  let out = `<rect width="600" height="400" fill="${panel}"/><rect width="600" height="120" fill="${shade(panel, 0.12)}"/>`;
  if (kind === 'moto') {
    out += `<circle cx="300" cy="230" r="170" fill="none" stroke="#1e2024" stroke-width="34"/><circle cx="300" cy="230" r="96" fill="none" stroke="#c9ced4" stroke-width="16"/>`;
    out += `<path d="M300 40V110M300 350V420M110 230H180M420 230H490" stroke="#8d939a" stroke-width="8"/><rect x="330" y="150" width="60" height="36" rx="8" fill="#b3202a"/>`;
    return out;
  }
  out += `<circle cx="300" cy="270" r="196" fill="#1a1c20"/>${wheel(300, 270, 170)}`;
  out += `<rect x="356" y="170" width="44" height="76" rx="12" fill="${kind === 'car' ? '#b3202a' : '#6b7179'}"/>`;
  return out;
}

/** Close-up of a headlight set into the paint. */
export function headlight(shape: Shape, paint: string): string {
  const kind = kindOf(shape);
  let out = `<rect width="600" height="400" fill="${paint}"/><path d="M0 260L600 180V400H0Z" fill="${shade(paint, -0.12)}"/>`;
  if (kind === 'moto') {
    return (
      out +
      `<circle cx="300" cy="200" r="130" fill="#3a3e44"/><circle cx="300" cy="200" r="110" fill="#eef3f7"/><circle cx="300" cy="200" r="50" fill="#d4dde6" stroke="#9aa4ae" stroke-width="6"/><path d="M200 200a100 100 0 0 1 200 0" fill="none" stroke="#fff" stroke-width="8"/>`
    );
  }
  out += `<path d="${roundedPath(
    [
      [70, 120],
      [530, 70],
      [560, 200],
      [120, 290],
    ],
    40,
  )}" fill="#2b2f35" stroke="${outline(paint)}" stroke-width="4"/>`;
  out += `<path d="M110 150L510 100" stroke="#e9f4ff" stroke-width="14" stroke-linecap="round"/><circle cx="230" cy="210" r="46" fill="#dfe7ee" stroke="#8f9aa5" stroke-width="6"/><circle cx="380" cy="186" r="46" fill="#dfe7ee" stroke="#8f9aa5" stroke-width="6"/>`;
  return out;
}

/** The engine bay with the bonnet up (covers only: an EV looks much the same). */
export function engineBay(shape: Shape, paint: string): string {
  const kind = kindOf(shape);
  if (kind === 'moto') {
    return `<rect width="600" height="400" fill="#d9dde2"/><rect x="150" y="90" width="300" height="220" rx="30" fill="#5c6168"/><path d="M180 140h240M180 180h240M180 220h240M180 260h240" stroke="#80868d" stroke-width="12"/><path d="M420 300Q520 340 600 300" stroke="#aeb4ba" stroke-width="30" fill="none"/><path d="M150 60L300 90L450 60" stroke="${paint}" stroke-width="40" fill="none"/>`;
  }
  return (
    `<rect width="600" height="400" fill="#1f2226"/><path d="M0 0H600V60Q300 20 0 60Z" fill="${paint}" stroke="${outline(paint)}" stroke-width="3"/>` +
    `<path d="M0 400V120L60 100V400ZM600 400V120L540 100V400Z" fill="${paint}"/>` +
    `<rect x="170" y="130" width="260" height="160" rx="24" fill="#3b3f45"/><path d="M200 170h200M200 200h200M200 230h200" stroke="#4d5259" stroke-width="10"/><circle cx="300" cy="260" r="14" fill="#8d939a"/>` +
    `<rect x="450" y="140" width="70" height="90" rx="8" fill="#111"/><circle cx="110" cy="170" r="26" fill="#e8e2c8" stroke="#a9a18a" stroke-width="4"/><circle cx="110" cy="170" r="10" fill="#d8b400"/>` +
    `<circle cx="130" cy="270" r="24" fill="#f0d9df" stroke="#b79aa2" stroke-width="4"/>`
  );
}

/** The load area: boot, tub, van floor or tray. */
export function cargo(shape: Shape, paint: string): string {
  const line = outline(paint);
  if (shape === 'ute') {
    return `<rect width="600" height="400" fill="#dfe4e9"/><path d="M40 380L110 120H490L560 380Z" fill="${paint}" stroke="${line}" stroke-width="3"/><path d="M80 370L140 150H460L520 370Z" fill="#26282c"/><path d="M160 180h280M140 240h320M120 300h360" stroke="#34373c" stroke-width="10"/>`;
  }
  if (shape === 'cabchassis' || kindOf(shape) === 'truck') {
    return `<rect width="600" height="400" fill="#dfe4e9"/><path d="M30 380L100 150H500L570 380Z" fill="#c8ccd1" stroke="#8f969e" stroke-width="3"/><path d="M60 360L120 170H480L540 360" fill="none" stroke="#aab0b6" stroke-width="6"/><rect x="100" y="60" width="400" height="90" fill="#aab0b6"/>`;
  }
  const van = shape === 'van' || shape === 'bus';
  return (
    `<rect width="600" height="400" fill="${paint}"/><path d="M60 30H540L560 390H40Z" fill="#1f2226" stroke="${line}" stroke-width="4"/>` +
    `<path d="M90 390L150 ${van ? 90 : 200}H450L510 390Z" fill="#33363b"/>` +
    (van
      ? `<path d="M150 90V390M450 90V390" stroke="#4a4e55" stroke-width="4"/><circle cx="200" cy="340" r="8" fill="#aab0b6"/><circle cx="400" cy="340" r="8" fill="#aab0b6"/>`
      : `<path d="M150 200L120 80H480L450 200Z" fill="#2a2c30"/><path d="M300 80V200" stroke="#1b1c1f" stroke-width="4"/>`)
  );
}
