/** Shapes of the vehicle catalogue the car generator draws from. */
import type { BodyKey } from './bodies';
import type { PowertrainKey } from './powertrains';

/** The illustration drawn for a vehicle: one per simple body type. */
export type Shape =
  | 'hatch'
  | 'sedan'
  | 'suv'
  | 'wagon'
  | 'ute'
  | 'cabchassis'
  | 'van'
  | 'peoplemover'
  | 'coupe'
  | 'convertible'
  | 'bus'
  | 'lighttruck'
  | 'truck'
  | 'primemover'
  | 'motorcycle'
  | 'caravan'
  | 'poptop'
  | 'camper'
  | 'motorhome';

export type ItemType = 'car' | 'motorcycle' | 'truck' | 'caravan';
export type SimpleFuel = 'Petrol' | 'Diesel' | 'Hybrid' | 'Plug-in Hybrid' | 'Electric';
export type SimpleDrive = 'FWD' | 'RWD' | 'AWD' | '4X4';

/** Caravan and camper figures (SPEC 3 specifications: lengths in feet, masses in kg). */
export interface VanSpec {
  lengthFt: number;
  widthFt: number;
  sleeps: number;
  tare: number;
  atm: number;
  axle: 'Single' | 'Tandem' | 'Single Independent' | 'Tandem Independent';
}

/** One badge of a model: what a buyer picks on the order form. */
export interface VariantSpec {
  /** Empty when the model name says it all (most motorcycles). */
  badge: string;
  pt: PowertrainKey;
  drive: SimpleDrive;
  /** Current new drive-away price in AUD. */
  price: number;
  manual?: boolean;
  body?: BodyKey;
  seats?: number;
  van?: VanSpec;
}

export interface ModelSpec {
  make: string;
  model: string;
  body: BodyKey;
  /** First model year sold in Australia; used cars are never older. */
  since: number;
  /** Last model year sold new (omit while still on sale). */
  until?: number;
  /** Relative share of stock (default 1). */
  weight?: number;
  towing?: number;
  ancap?: number | null;
  variants: VariantSpec[];
}

/** Compact constructor for a variant: v('GXL Hybrid', 'toy25h', 'AWD', 51990). */
export function v(
  badge: string,
  pt: PowertrainKey,
  drive: SimpleDrive,
  price: number,
  extra: Partial<VariantSpec> = {},
): VariantSpec {
  return { badge, pt, drive, price, ...extra };
}
