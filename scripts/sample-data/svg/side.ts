/**
 * Side profiles of every vehicle shape, facing left, on a 600x400 canvas with the ground at
 * y = 330. Each profile is a handful of points; the renderer rounds corners, cuts wheel wells,
 * and adds glass, pillars, lights and wheels, so all shapes share one consistent style.
 */
import type { Shape } from '../catalogue/types';
import { f, outline, pts, roundedPath, shade } from './common';

type Point = readonly [number, number];
export const GROUND = 330;

interface Profile {
  /** Tyre radius. */
  r: number;
  /** Wheel centres (x). */
  wheels: number[];
  /** Lower edge of the body between the wheels; wells are cut above it. */
  sill: number;
  body: Point[];
  glass?: Point[];
  /** Pillars drawn over the glass (x positions). */
  pillars?: number[];
  head: Point[];
  tail: Point[];
  /** Dark lower cladding (SUVs, utes). */
  cladding?: boolean;
  /** Extra shapes drawn on top, given the paint colour. */
  extra?: (paint: string) => string;
  /** Horizontal extent when `extra` reaches past the body (trays, boxes). */
  extent?: [left: number, right: number];
}

const TRAY = '#c8ccd1';

// Point lists read best one profile per block; keep Prettier from putting every point on its own line.
// prettier-ignore
const PROFILES: Partial<Record<Shape, Profile>> = {
  sedan: {
    r: 36, wheels: [150, 445], sill: 300,
    body: [[60, 304], [58, 262], [98, 248], [222, 236], [288, 190], [392, 188], [472, 230], [538, 236], [542, 304]],
    glass: [[236, 233], [292, 198], [388, 196], [458, 233]], pillars: [338],
    head: [[62, 257], [98, 250], [100, 262], [64, 268]], tail: [[526, 240], [541, 242], [541, 256], [526, 256]],
  },
  hatch: {
    r: 36, wheels: [150, 410], sill: 300,
    body: [[70, 304], [68, 262], [106, 248], [222, 236], [284, 190], [398, 188], [450, 216], [462, 256], [464, 304]],
    glass: [[236, 233], [288, 198], [394, 196], [440, 220], [444, 233]], pillars: [334, 408],
    head: [[72, 257], [108, 250], [110, 262], [74, 268]], tail: [[450, 226], [462, 240], [462, 258], [452, 258]],
  },
  suv: {
    r: 42, wheels: [150, 450], sill: 292,
    body: [[58, 300], [56, 240], [92, 224], [206, 214], [268, 164], [446, 160], [520, 168], [530, 210], [534, 300]],
    glass: [[220, 211], [272, 172], [444, 168], [510, 174], [518, 211]], pillars: [338, 444],
    head: [[60, 234], [100, 224], [102, 238], [62, 246]], tail: [[518, 178], [530, 184], [532, 214], [520, 214]],
    cladding: true,
  },
  wagon: {
    r: 37, wheels: [150, 450], sill: 300,
    body: [[60, 304], [58, 258], [96, 244], [214, 234], [278, 186], [452, 182], [522, 190], [534, 232], [538, 304]],
    glass: [[228, 231], [282, 194], [450, 190], [512, 196], [520, 231]], pillars: [340, 446],
    head: [[62, 254], [98, 245], [100, 258], [64, 264]], tail: [[522, 198], [534, 206], [536, 236], [524, 236]],
  },
  peoplemover: {
    r: 38, wheels: [150, 450], sill: 298,
    body: [[58, 302], [56, 252], [92, 236], [180, 224], [248, 168], [488, 164], [530, 176], [538, 228], [540, 302]],
    glass: [[194, 221], [252, 176], [486, 172], [522, 182], [528, 221]], pillars: [312, 414],
    head: [[60, 248], [96, 238], [98, 250], [62, 258]], tail: [[528, 184], [538, 190], [540, 226], [530, 226]],
  },
  coupe: {
    r: 35, wheels: [150, 430], sill: 302,
    body: [[62, 306], [60, 270], [104, 254], [236, 244], [306, 198], [384, 196], [470, 234], [534, 240], [538, 306]],
    glass: [[250, 241], [310, 206], [380, 204], [392, 241]], pillars: [],
    head: [[64, 265], [104, 256], [106, 268], [66, 274]], tail: [[522, 244], [537, 246], [537, 258], [522, 258]],
    extra: () => `<path d="M398 241L388 206L446 234Z" fill="#2a3440"/>`,
  },
  convertible: {
    r: 35, wheels: [150, 430], sill: 302,
    body: [[62, 306], [60, 270], [104, 254], [240, 246], [470, 244], [534, 240], [538, 306]],
    head: [[64, 265], [104, 256], [106, 268], [66, 274]], tail: [[522, 244], [537, 246], [537, 258], [522, 258]],
    extra: (paint) =>
      `<path d="M244 246L290 204" stroke="#2a3038" stroke-width="6" stroke-linecap="round"/>` +
      `<path d="M300 246v-34h22v34M372 246v-34h22v34" fill="#2a2d33"/>` +
      `<path d="M420 246h50l-6-10h-40Z" fill="${shade(paint, -0.35)}"/>`,
  },
  ute: {
    r: 42, wheels: [150, 452], sill: 292,
    body: [[56, 300], [54, 240], [90, 224], [192, 214], [250, 166], [370, 162], [376, 212], [540, 212], [542, 300]],
    glass: [[206, 211], [254, 174], [366, 170], [368, 211]], pillars: [308],
    head: [[58, 234], [98, 224], [100, 238], [60, 246]], tail: [[530, 216], [541, 216], [541, 240], [530, 240]],
    cladding: true,
    extra: (paint) => `<path d="M380 212h156" stroke="${shade(paint, -0.3)}" stroke-width="3"/><path d="M388 212l14-36h80l6 36" fill="none" stroke="#2b2f35" stroke-width="6"/>`,
  },
  cabchassis: {
    r: 40, wheels: [140, 452], sill: 294, extent: [54, 548],
    body: [[56, 300], [54, 240], [88, 224], [190, 214], [248, 166], [318, 162], [322, 300]],
    glass: [[204, 211], [252, 174], [312, 170], [312, 211]], pillars: [],
    head: [[58, 234], [96, 224], [98, 238], [60, 246]], tail: [[536, 246], [546, 246], [546, 258], [536, 258]],
    cladding: true,
    extra: () =>
      `<rect x="322" y="246" width="220" height="16" fill="#33373d"/><rect x="330" y="214" width="218" height="32" rx="2" fill="${TRAY}" stroke="#9aa0a7"/>` +
      `<rect x="330" y="168" width="10" height="46" fill="#9aa0a7"/><path d="M330 226h218M404 214v32M476 214v32" stroke="#a6acb3" stroke-width="2"/>`,
  },
  van: {
    r: 38, wheels: [142, 452], sill: 298,
    body: [[60, 304], [56, 246], [80, 218], [150, 200], [200, 150], [522, 146], [538, 156], [540, 304]],
    glass: [[166, 198], [206, 158], [268, 156], [268, 204]], pillars: [],
    head: [[58, 238], [88, 222], [92, 234], [60, 250]], tail: [[530, 170], [539, 172], [539, 220], [530, 220]],
    extra: (paint) => `<path d="M272 156v140M380 154v142" stroke="${outline(paint)}" stroke-width="2" opacity=".6"/><rect x="286" y="168" width="84" height="40" rx="5" fill="#2a3440"/>`,
  },
  bus: {
    r: 38, wheels: [140, 452], sill: 298,
    body: [[50, 304], [46, 180], [56, 122], [84, 110], [540, 108], [552, 120], [554, 304]],
    glass: [[52, 184], [60, 128], [88, 120], [96, 190]], pillars: [],
    head: [[48, 246], [62, 244], [62, 262], [48, 262]], tail: [[544, 240], [553, 240], [553, 272], [544, 272]],
    extra: (paint) =>
      `<path d="M106 126h60v84h-60z" fill="#2a3440" stroke="${outline(paint)}"/>` +
      Array.from({ length: 6 }, (_, i) => `<rect x="${180 + i * 60}" y="128" width="52" height="58" rx="4" fill="#2a3440"/>`).join('') +
      `<rect x="50" y="216" width="504" height="10" fill="${shade(paint, -0.3)}" opacity=".5"/>`,
  },
  lighttruck: {
    r: 36, wheels: [118, 440], sill: 296, extent: [44, 556],
    body: [[48, 300], [44, 170], [58, 122], [158, 118], [168, 128], [170, 300]],
    glass: [[50, 172], [62, 130], [110, 128], [112, 180]], pillars: [],
    head: [[46, 258], [70, 258], [70, 272], [46, 272]], tail: [[548, 262], [556, 262], [556, 274], [548, 274]],
    extra: (paint) =>
      `<rect x="120" y="134" width="42" height="44" rx="3" fill="#2a3440"/><rect x="170" y="262" width="384" height="14" fill="#2f3338"/>` +
      `<rect x="176" y="112" width="380" height="150" rx="4" fill="#eef0f2" stroke="#aab0b6"/><rect x="176" y="236" width="380" height="12" fill="${paint}"/>` +
      `<path d="M300 116v142M430 116v142" stroke="#d0d4d8" stroke-width="2"/>`,
  },
  truck: {
    r: 42, wheels: [130, 450], sill: 288, extent: [40, 558],
    body: [[44, 294], [40, 140], [54, 84], [176, 80], [188, 94], [190, 294]],
    glass: [[46, 144], [58, 94], [120, 90], [122, 152]], pillars: [],
    head: [[42, 246], [76, 246], [76, 262], [42, 262]], tail: [[550, 256], [558, 256], [558, 270], [550, 270]],
    extra: (paint) =>
      `<rect x="132" y="100" width="48" height="54" rx="3" fill="#2a3440"/><rect x="190" y="252" width="368" height="16" fill="#2f3338"/>` +
      `<rect x="196" y="70" width="362" height="182" rx="4" fill="#f0f1f3" stroke="#aab0b6"/><rect x="196" y="222" width="362" height="14" fill="${paint}"/>`,
  },
  primemover: {
    r: 40, wheels: [118, 398, 478], sill: 290, extent: [36, 552],
    body: [[40, 296], [36, 140], [48, 76], [60, 68], [232, 64], [244, 76], [246, 296]],
    glass: [[42, 146], [52, 84], [112, 80], [116, 150]], pillars: [],
    head: [[38, 246], [70, 246], [70, 262], [38, 262]], tail: [[540, 258], [550, 258], [550, 270], [540, 270]],
    extra: (paint) =>
      `<rect x="126" y="92" width="50" height="56" rx="3" fill="#2a3440"/><path d="M186 80h40v150h-40z" fill="${shade(paint, -0.12)}"/>` +
      `<rect x="246" y="250" width="306" height="18" fill="#2f3338"/><rect x="350" y="238" width="110" height="12" rx="3" fill="#1f2226"/>` +
      `<rect x="168" y="246" width="70" height="30" rx="14" fill="#c9ced4" stroke="#8f969e"/><rect x="250" y="40" width="10" height="200" rx="4" fill="#b9bfc6"/>`,
  },
  motorhome: {
    r: 38, wheels: [150, 440], sill: 298,
    body: [[54, 304], [50, 250], [74, 224], [132, 210], [160, 170], [112, 150], [116, 104], [540, 98], [556, 110], [558, 304]],
    glass: [[142, 208], [166, 176], [212, 176], [212, 210]], pillars: [],
    head: [[52, 242], [82, 228], [86, 240], [54, 254]], tail: [[548, 232], [557, 232], [557, 270], [548, 270]],
    extra: (paint) =>
      `<rect x="240" y="140" width="90" height="52" rx="6" fill="#2a3440"/><rect x="430" y="140" width="76" height="52" rx="6" fill="#2a3440"/>` +
      `<rect x="350" y="132" width="52" height="150" rx="4" fill="none" stroke="${outline(paint)}" stroke-width="2"/><rect x="362" y="146" width="28" height="36" rx="3" fill="#2a3440"/>` +
      `<path d="M216 226h340" stroke="${shade(paint, -0.4)}" stroke-width="6" opacity=".5"/><rect x="126" y="116" width="40" height="18" rx="4" fill="#2a3440"/>`,
  },
};

/** Profiles drawn by their own functions rather than the outline renderer. */
const CUSTOM: Partial<Record<Shape, (paint: string) => string>> = {
  motorcycle: motorcycleSide,
  caravan: (paint) => towedSide(paint, 'caravan'),
  poptop: (paint) => towedSide(paint, 'poptop'),
  camper: (paint) => towedSide(paint, 'camper'),
};

/** A wheel centred at (cx, cy): tyre, rim and five spokes. */
export function wheel(cx: number, cy: number, r: number): string {
  const rim = r * 0.62;
  let spokes = '';
  for (let i = 0; i < 5; i++) {
    const a = (i * 2 * Math.PI) / 5 - Math.PI / 2;
    spokes += `M${f(cx + Math.cos(a) * rim * 0.28)} ${f(cy + Math.sin(a) * rim * 0.28)}L${f(cx + Math.cos(a) * rim * 0.95)} ${f(cy + Math.sin(a) * rim * 0.95)}`;
  }
  return (
    `<circle cx="${f(cx)}" cy="${f(cy)}" r="${r}" fill="#1e2024"/><circle cx="${f(cx)}" cy="${f(cy)}" r="${f(rim)}" fill="#b9bec4" stroke="#8d939a" stroke-width="2"/>` +
    `<path d="${spokes}" stroke="#7d838a" stroke-width="${f(r * 0.12)}" stroke-linecap="round"/><circle cx="${f(cx)}" cy="${f(cy)}" r="${f(r * 0.14)}" fill="#5d636a"/>`
  );
}

/** A wheel well: the part of a circle around the wheel that lies above the sill. */
function well(cx: number, cy: number, radius: number, sill: number): string {
  const d = sill - cy;
  const half = Math.sqrt(Math.max(radius * radius - d * d, 1));
  return `M${f(cx - half)} ${sill}A${radius} ${radius} 0 ${d > 0 ? 1 : 0} 1 ${f(cx + half)} ${sill}Z`;
}

/** Where the nose and tail of a shape sit on the canvas, to attach front and rear faces. */
export interface Ends {
  nose: { x: number; top: number; bottom: number };
  tail: { x: number; top: number; bottom: number };
  roof: number;
}

/** Nose and tail edges of an outline-drawn shape (undefined for bikes and towed units). */
export function endsOf(shape: Shape): Ends | undefined {
  const profile = PROFILES[shape];
  if (!profile) return undefined;
  const xs = profile.body.map(([x]) => x);
  const [left, right] = profile.extent ?? [Math.min(...xs), Math.max(...xs)];
  const dx = Math.round(300 - (left + right) / 2);
  const near = (x: number) =>
    profile.body.filter(([px]) => Math.abs(px - x) < 12).map(([, y]) => y);
  const noseX = Math.min(...xs);
  const tailX = Math.max(...xs);
  return {
    nose: { x: left + dx, top: Math.min(...near(noseX)) + 6, bottom: Math.max(...near(noseX)) },
    tail: { x: right + dx, top: Math.min(...near(tailX)) + 6, bottom: Math.max(...near(tailX)) },
    roof: Math.min(...profile.body.map(([, y]) => y)),
  };
}

/** The side view of a vehicle shape in `paint`, facing left, centred on x = 300. */
export function sideView(shape: Shape, paint: string): string {
  const custom = CUSTOM[shape];
  if (custom) return custom(paint);
  const profile = PROFILES[shape] ?? (PROFILES.suv as Profile);
  const { r, wheels, sill, body } = profile;
  const cy = GROUND - r;
  const line = outline(paint);
  const xs = body.map(([x]) => x);
  const [left, right] = profile.extent ?? [Math.min(...xs), Math.max(...xs)];
  const dx = Math.round(300 - (left + right) / 2);
  let out = `<g transform="translate(${dx} 0)">`;
  out += `<ellipse cx="${f((left + right) / 2)}" cy="${GROUND + 1}" rx="${f((right - left) / 2 + 10)}" ry="9" fill="#000" opacity=".18"/>`;
  out += `<path d="${roundedPath(body, 14)}" fill="${paint}" stroke="${line}" stroke-width="2"/>`;
  // A lighter shoulder line gives the flat paint some shape.
  const belt = profile.glass ? Math.max(...profile.glass.map(([, y]) => y)) + 8 : sill - 50;
  out += `<path d="M${Math.min(...xs) + 14} ${belt}H${Math.max(...xs) - 14}" stroke="${shade(paint, 0.25)}" stroke-width="3" opacity=".7"/>`;
  if (profile.cladding)
    out += `<path d="M${Math.min(...xs) + 4} ${sill - 12}H${Math.max(...xs) - 4}" stroke="#3a3e44" stroke-width="16"/>`;
  if (profile.glass) {
    out += `<polygon points="${pts(profile.glass)}" fill="#2a3440"/>`;
    const top = Math.min(...profile.glass.map(([, y]) => y));
    for (const x of profile.pillars ?? [])
      out += `<rect x="${x - 4}" y="${top - 2}" width="8" height="${belt - top}" fill="${paint}"/>`;
    // Reflection across the glass.
    out += `<polygon points="${pts(profile.glass.slice(0, 2).map(([x, y]) => [x + 40, y] as Point))} ${f((profile.glass[1]?.[0] ?? 0) + 70)},${f(profile.glass[1]?.[1] ?? 0)} ${f((profile.glass[0]?.[0] ?? 0) + 70)},${f(profile.glass[0]?.[1] ?? 0)}" fill="#fff" opacity=".12"/>`;
    for (const x of profile.pillars ?? [])
      out += `<path d="M${x} ${belt}V${sill - 6}" stroke="${line}" stroke-width="1.5" opacity=".7"/><rect x="${x - 30}" y="${belt + 8}" width="18" height="4" rx="2" fill="${shade(paint, -0.3)}"/>`;
  }
  out += `<polygon points="${pts(profile.head)}" fill="#eef3f7" stroke="#8a939c"/>`;
  out += `<polygon points="${pts(profile.tail)}" fill="#c4161c"/>`;
  if (profile.extra) out += profile.extra(paint);
  for (const x of wheels) out += `<path d="${well(x, cy, r + 7, sill)}" fill="#1a1c20"/>`;
  for (const x of wheels) out += wheel(x, cy, r);
  return `${out}</g>`;
}

function motorcycleSide(paint: string): string {
  const dark = shade(paint, -0.35);
  return (
    `<ellipse cx="300" cy="${GROUND + 1}" rx="200" ry="8" fill="#000" opacity=".18"/>` +
    // Frame, swingarm and fork first, so the bodywork sits over them.
    `<path d="M430 268L320 236M206 150L168 268" stroke="#3a3d42" stroke-width="12" stroke-linecap="round"/><path d="M196 146L172 268" stroke="#c0c5cb" stroke-width="6"/>` +
    `<path d="M250 170L330 168L400 200" stroke="#3a3d42" stroke-width="10" fill="none" stroke-linecap="round"/>` +
    `<rect x="250" y="186" width="92" height="70" rx="12" fill="#5c6168"/><path d="M262 200h68M262 216h68M262 232h68" stroke="#80868d" stroke-width="4"/>` +
    `<path d="M300 256Q360 276 440 256" stroke="#aeb4ba" stroke-width="10" fill="none" stroke-linecap="round"/>` +
    `<path d="M230 170Q236 134 290 132Q332 132 344 158L338 176Q290 184 240 182Z" fill="${paint}" stroke="${dark}" stroke-width="2"/>` +
    `<path d="M336 162Q380 160 420 170L424 180Q380 180 338 178Z" fill="#1f2226"/>` +
    `<path d="M412 168L480 150L486 158L424 184Z" fill="${paint}" stroke="${dark}" stroke-width="2"/><rect x="474" y="152" width="12" height="8" rx="2" fill="#c4161c"/>` +
    `<path d="M186 126L232 118" stroke="#2a2d32" stroke-width="6" stroke-linecap="round"/><circle cx="196" cy="156" r="16" fill="#eef3f7" stroke="#5c6168" stroke-width="4"/>` +
    `<path d="M156 214Q170 196 192 198" stroke="${paint}" stroke-width="8" fill="none" stroke-linecap="round"/>` +
    `<circle cx="168" cy="268" r="60" fill="none" stroke="#1e2024" stroke-width="14"/><circle cx="168" cy="268" r="30" fill="none" stroke="#b9bec4" stroke-width="5"/>` +
    `<circle cx="432" cy="268" r="60" fill="none" stroke="#1e2024" stroke-width="14"/><circle cx="432" cy="268" r="26" fill="none" stroke="#b9bec4" stroke-width="5"/>` +
    `<path d="M168 214V322M114 268H222M432 214V322M378 268H486" stroke="#8d939a" stroke-width="3"/>`
  );
}

function towedSide(paint: string, kind: 'caravan' | 'poptop' | 'camper'): string {
  const line = outline(paint);
  const stripe = shade(paint, -0.55);
  const hitch = `<path d="M40 262L150 254M40 262L150 272" stroke="#3a3e44" stroke-width="8" stroke-linecap="round"/><circle cx="44" cy="262" r="9" fill="#22252a"/><path d="M92 258V300" stroke="#3a3e44" stroke-width="6"/><circle cx="92" cy="306" r="10" fill="#1e2024"/>`;
  if (kind === 'camper') {
    return (
      `<ellipse cx="330" cy="${GROUND + 1}" rx="190" ry="8" fill="#000" opacity=".18"/>${hitch}` +
      `<rect x="150" y="226" width="340" height="64" rx="6" fill="${paint}" stroke="${line}" stroke-width="2"/>` +
      `<rect x="156" y="176" width="328" height="50" rx="10" fill="#2f3338"/><path d="M170 200h300" stroke="#4a4f56" stroke-width="4"/>` +
      `<rect x="170" y="240" width="60" height="34" rx="3" fill="${shade(paint, -0.15)}" stroke="${line}"/><rect x="440" y="238" width="22" height="40" rx="4" fill="#3d6b3a"/>` +
      `<rect x="150" y="282" width="340" height="8" fill="#3a3e44"/><path d="${well(340, GROUND - 38, 46, 290)}" fill="#1a1c20"/>${wheel(340, GROUND - 38, 38)}`
    );
  }
  const top = kind === 'poptop' ? 160 : 104;
  let out = `<ellipse cx="340" cy="${GROUND + 1}" rx="210" ry="8" fill="#000" opacity=".18"/>${hitch}`;
  if (kind === 'poptop') {
    out += `<rect x="158" y="112" width="384" height="14" rx="6" fill="${paint}" stroke="${line}" stroke-width="2"/><rect x="168" y="126" width="364" height="36" fill="#d9cfb4"/><path d="M200 126v36M260 126v36M320 126v36M380 126v36M440 126v36M500 126v36" stroke="#bfb396" stroke-width="3"/>`;
  }
  out +=
    `<path d="${roundedPath(
      [
        [150, 292],
        [150, top + 30],
        [170, top],
        [548, top],
        [552, top + 8],
        [552, 292],
      ],
      12,
    )}" fill="${paint}" stroke="${line}" stroke-width="2"/>` +
    `<rect x="150" y="${top + 90 > 250 ? 250 : top + 120}" width="402" height="12" fill="${stripe}" opacity=".8"/>` +
    `<path d="M150 270h40v22h-40z" fill="#c8ccd1" stroke="#9aa0a7"/>` +
    `<rect x="190" y="${top + 26}" width="86" height="50" rx="8" fill="#2a3440" stroke="${line}" stroke-width="3"/>` +
    `<rect x="468" y="${top + 26}" width="64" height="50" rx="8" fill="#2a3440" stroke="${line}" stroke-width="3"/>` +
    `<rect x="360" y="${top + 18}" width="56" height="${262 - top}" rx="5" fill="${shade(paint, -0.06)}" stroke="${line}" stroke-width="2"/><rect x="372" y="${top + 30}" width="32" height="36" rx="4" fill="#2a3440"/>` +
    (kind === 'caravan'
      ? `<rect x="170" y="${top + 6}" width="360" height="10" rx="5" fill="#4a4f56"/>`
      : '') +
    `<rect x="150" y="288" width="402" height="8" fill="#3a3e44"/>`;
  const axles = kind === 'caravan' ? [350, 428] : [390];
  for (const x of axles)
    out += `<path d="${well(x, GROUND - 34, 40, 292)}" fill="#1a1c20"/>${wheel(x, GROUND - 34, 34)}`;
  return out;
}
