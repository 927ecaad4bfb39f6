/** Paint names as dealers list them, each mapped to the base colour the illustrations use. */

export const PAINT_HEX = {
  white: '#f3f4f1',
  black: '#1d1f23',
  silver: '#c2c6cb',
  grey: '#6b7179',
  red: '#b3202a',
  blue: '#1f4e8c',
  green: '#3f5f3b',
  bronze: '#8a6a48',
  orange: '#d8691c',
  yellow: '#e5b622',
  beige: '#cdbb95',
} as const;

export type PaintKey = keyof typeof PAINT_HEX;
export interface Paint {
  name: string;
  base: PaintKey;
}

const paints = (...entries: [string, PaintKey][]): Paint[] =>
  entries.map(([name, base]) => ({ name, base }));

const BY_MAKE: Record<string, Paint[]> = {
  Toyota: paints(
    ['Glacier White', 'white'],
    ['Frosted White', 'white'],
    ['Crystal Pearl', 'white'],
    ['Silver Pearl', 'silver'],
    ['Graphite', 'grey'],
    ['Ink', 'black'],
    ['Eclipse Black', 'black'],
    ['Atomic Rush', 'red'],
    ['Feverish Red', 'red'],
    ['Saturn Blue', 'blue'],
    ['Lunar Blue', 'blue'],
    ['Oxide Bronze', 'bronze'],
    ['Sandstone', 'beige'],
    ['Eucalyptus', 'green'],
  ),
  Aurora: paints(
    ['Polar White', 'white'],
    ['Basalt Black', 'black'],
    ['Quartz Silver', 'silver'],
    ['Storm Grey', 'grey'],
    ['Ember Red', 'red'],
    ['Tasman Blue', 'blue'],
    ['Spinifex Gold', 'bronze'],
    ['Rainforest Green', 'green'],
  ),
  Mazda: paints(
    ['Snowflake White Pearl', 'white'],
    ['Jet Black', 'black'],
    ['Sonic Silver', 'silver'],
    ['Machine Grey', 'grey'],
    ['Polymetal Grey', 'grey'],
    ['Soul Red Crystal', 'red'],
    ['Deep Crystal Blue', 'blue'],
  ),
  Ford: paints(
    ['Arctic White', 'white'],
    ['Shadow Black', 'black'],
    ['Aluminium', 'silver'],
    ['Meteor Grey', 'grey'],
    ['Conquer Grey', 'grey'],
    ['Lucid Red', 'red'],
    ['Blue Lightning', 'blue'],
    ['Code Orange', 'orange'],
  ),
  Hyundai: paints(
    ['Creamy White', 'white'],
    ['Phantom Black', 'black'],
    ['Typhoon Silver', 'silver'],
    ['Amazon Grey', 'grey'],
    ['Ultimate Red', 'red'],
    ['Intense Blue', 'blue'],
  ),
  Kia: paints(
    ['Clear White', 'white'],
    ['Snow White Pearl', 'white'],
    ['Aurora Black', 'black'],
    ['Steel Grey', 'grey'],
    ['Runway Red', 'red'],
    ['Yacht Blue', 'blue'],
  ),
  Mitsubishi: paints(
    ['White Diamond', 'white'],
    ['Black Mica', 'black'],
    ['Sterling Silver', 'silver'],
    ['Titanium Grey', 'grey'],
    ['Red Diamond', 'red'],
    ['Impulse Blue', 'blue'],
  ),
  Subaru: paints(
    ['Crystal White Pearl', 'white'],
    ['Crystal Black Silica', 'black'],
    ['Ice Silver', 'silver'],
    ['Magnetite Grey', 'grey'],
    ['Autumn Green', 'green'],
    ['WR Blue Pearl', 'blue'],
  ),
  Isuzu: paints(
    ['Mineral White', 'white'],
    ['Basalt Black', 'black'],
    ['Mercury Silver', 'silver'],
    ['Granite Grey', 'grey'],
    ['Magnetic Red', 'red'],
    ['Cobalt Blue', 'blue'],
  ),
  Nissan: paints(
    ['Ivory Pearl', 'white'],
    ['Diamond Black', 'black'],
    ['Brilliant Silver', 'silver'],
    ['Gun Metallic', 'grey'],
    ['Burgundy', 'red'],
    ['Caspian Blue', 'blue'],
  ),
  Volkswagen: paints(
    ['Pure White', 'white'],
    ['Deep Black Pearl', 'black'],
    ['Reflex Silver', 'silver'],
    ['Indium Grey', 'grey'],
    ['Kings Red', 'red'],
    ['Atlantic Blue', 'blue'],
  ),
};

const GENERIC = paints(
  ['Arctic White', 'white'],
  ['Pearl White', 'white'],
  ['Carbon Black', 'black'],
  ['Midnight Black', 'black'],
  ['Moonlight Silver', 'silver'],
  ['Magnetic Grey', 'grey'],
  ['Gunmetal Grey', 'grey'],
  ['Flame Red', 'red'],
  ['Ocean Blue', 'blue'],
  ['Navy Blue', 'blue'],
  ['Forest Green', 'green'],
  ['Copper Bronze', 'bronze'],
  ['Sunset Orange', 'orange'],
);

const MOTORCYCLE = paints(
  ['Icon Blue', 'blue'],
  ['Tech Black', 'black'],
  ['Racing Red', 'red'],
  ['Metallic Matte Graphene Steel Grey', 'grey'],
  ['Candy Lime Green', 'green'],
  ['Orange', 'orange'],
  ['Ducati Red', 'red'],
  ['Sapphire Black', 'black'],
  ['Pure White', 'white'],
  ['Yellow', 'yellow'],
);
const TRUCK = paints(
  ['Arc White', 'white'],
  ['Glacier White', 'white'],
  ['Silver Metallic', 'silver'],
  ['Fleet Blue', 'blue'],
  ['Signal Red', 'red'],
  ['Sun Yellow', 'yellow'],
);
const CARAVAN = paints(
  ['White with Charcoal Decals', 'white'],
  ['White and Silver Composite', 'silver'],
  ['White with Black Checkerplate', 'white'],
  ['Bronze and White', 'bronze'],
  ['Grey Aluminium Cladding', 'grey'],
  ['White with Blue Stripe', 'white'],
);

/** Paints a car of this make could come in, by kind of vehicle. */
export function paintsFor(
  make: string,
  itemType: 'car' | 'motorcycle' | 'truck' | 'caravan',
): Paint[] {
  if (itemType === 'motorcycle') return MOTORCYCLE;
  if (itemType === 'truck') return TRUCK;
  if (itemType === 'caravan') return CARAVAN;
  return BY_MAKE[make] ?? GENERIC;
}

/** Base colours weighted like Australian car parks: white, grey and black dominate. */
export const PAINT_POPULARITY: Record<PaintKey, number> = {
  white: 30,
  grey: 16,
  silver: 12,
  black: 14,
  blue: 9,
  red: 8,
  green: 3,
  bronze: 3,
  orange: 2,
  yellow: 1,
  beige: 2,
};

export const TRIM_HEX = {
  black: '#26272b',
  grey: '#6d7076',
  beige: '#cbb89a',
  tan: '#8b5a36',
} as const;
export type TrimKey = keyof typeof TRIM_HEX;

export const TRIMS: { name: string; base: TrimKey; premium: boolean }[] = [
  { name: 'Black Cloth', base: 'black', premium: false },
  { name: 'Black Fabric', base: 'black', premium: false },
  { name: 'Grey Cloth', base: 'grey', premium: false },
  { name: 'Black Leather', base: 'black', premium: true },
  { name: 'Black Leather-accented', base: 'black', premium: true },
  { name: 'Grey Synthetic Leather', base: 'grey', premium: true },
  { name: 'Beige Leather', base: 'beige', premium: true },
  { name: 'Saddle Tan Leather', base: 'tan', premium: true },
];
