import type { Car } from '../feeds/schemas';

/** SPEC 9 body types: the ids used in /search/{body-type}-cars, with their display labels. */
export const BODY_TYPES = {
  '4x4': '4x4',
  bus: 'Bus',
  cabChassis: 'Cab Chassis',
  convertible: 'Convertible',
  coupe: 'Coupe',
  ev: 'Electric',
  hardtop: 'Hardtop',
  hatch: 'Hatch',
  hatchback: 'Hatchback',
  motorhome: 'Motorhome',
  lightTruck: 'Light Truck',
  peopleMover: 'People Mover',
  prestige: 'Prestige',
  sedan: 'Sedan',
  softtop: 'Softtop',
  suv: 'SUV',
  ute: 'Ute',
  van: 'Van',
  wagon: 'Wagon',
  stationWagon: 'Station Wagon',
} as const;

export type BodyTypeId = keyof typeof BODY_TYPES;

/** simple_body values of feeds, normalised (lower case, no spaces), to a SPEC body type id. */
const SIMPLE_BODY_TO_TYPE: Record<string, BodyTypeId> = {
  suv: 'suv',
  hatch: 'hatch',
  hatchback: 'hatch',
  sedan: 'sedan',
  ute: 'ute',
  utility: 'ute',
  van: 'van',
  wagon: 'wagon',
  stationwagon: 'wagon',
  coupe: 'coupe',
  convertible: 'convertible',
  cabchassis: 'cabChassis',
  peoplemover: 'peopleMover',
  lighttruck: 'lightTruck',
  truck: 'lightTruck',
  bus: 'bus',
  motorhome: 'motorhome',
  hardtop: 'hardtop',
  softtop: 'softtop',
  poptop: 'hardtop',
  caravan: 'hardtop',
  campertrailer: 'softtop',
};

const PRESTIGE_MAKES = new Set([
  'audi',
  'bmw',
  'mercedes-benz',
  'lexus',
  'porsche',
  'jaguar',
  'land rover',
  'volvo',
  'genesis',
  'maserati',
  'bentley',
  'polestar',
  'tesla',
  'alfa romeo',
]);

/** Every SPEC body type a car belongs to: its body, plus ev, 4x4 and prestige where they apply. */
export function bodyTypesOf(
  car: Pick<Car, 'simple_body' | 'simple_fuel' | 'fuel' | 'simple_drive' | 'drive' | 'make'>,
): BodyTypeId[] {
  const types: BodyTypeId[] = [];
  const body = car.simple_body
    ? SIMPLE_BODY_TO_TYPE[car.simple_body.toLowerCase().replace(/[^a-z]/g, '')]
    : undefined;
  if (body) types.push(body);
  const fuel = (car.simple_fuel ?? car.fuel ?? '').toLowerCase();
  if (fuel === 'electric') types.push('ev');
  const drive = (car.simple_drive ?? car.drive ?? '').toLowerCase().replace(/\s/g, '');
  if (drive === '4x4' || drive === '4wd') types.push('4x4');
  if (PRESTIGE_MAKES.has(car.make.toLowerCase())) types.push('prestige');
  return types;
}

const normalise = (value: string) => value.toLowerCase().replace(/[^a-z0-9]/g, '');
const LABEL_BY_KEY = new Map(
  Object.entries(BODY_TYPES).map(([id, label]) => [normalise(id), label]),
);

/**
 * How a feed's body value reads on a page: a SPEC body type in any spelling ("cabChassis",
 * "cab chassis", "CAB-CHASSIS") reads as its one label ("Cab Chassis", as the footer and filters
 * say); another value keeps its words, with a camelCase id split ("popTop" -> "Pop Top").
 */
export function bodyLabel(value: string | null | undefined): string | undefined {
  const trimmed = value?.trim();
  if (!trimmed) return undefined;
  const label = LABEL_BY_KEY.get(normalise(trimmed));
  if (label) return label;
  if (!/^[a-z]+(?:[A-Z][a-z0-9]*)+$/.test(trimmed)) return trimmed;
  const words = trimmed.replace(/([a-z0-9])([A-Z])/g, '$1 $2');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** The search route of a body type: /search/suv-cars. */
export function bodySearchPath(id: BodyTypeId): string {
  return `/search/${id}-cars`;
}
