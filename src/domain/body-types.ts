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
export function bodyTypesOf(car: Pick<Car, 'simple_body' | 'simple_fuel' | 'fuel' | 'simple_drive' | 'drive' | 'make'>): BodyTypeId[] {
  const types: BodyTypeId[] = [];
  const body = car.simple_body ? SIMPLE_BODY_TO_TYPE[car.simple_body.toLowerCase().replace(/[^a-z]/g, '')] : undefined;
  if (body) types.push(body);
  const fuel = (car.simple_fuel ?? car.fuel ?? '').toLowerCase();
  if (fuel === 'electric') types.push('ev');
  const drive = (car.simple_drive ?? car.drive ?? '').toLowerCase().replace(/\s/g, '');
  if (drive === '4x4' || drive === '4wd') types.push('4x4');
  if (PRESTIGE_MAKES.has(car.make.toLowerCase())) types.push('prestige');
  return types;
}

/** The search route of a body type: /search/suv-cars. */
export function bodySearchPath(id: BodyTypeId): string {
  return `/search/${id}-cars`;
}
