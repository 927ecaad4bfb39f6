/** VINs, NVIC codes, number plates and stock numbers in the formats Australian feeds carry. */
import type { ItemType } from './catalogue/types';
import type { StateCode } from './places';
import type { Rng } from './random';

const VIN_CHARS = '0123456789ABCDEFGHJKLMNPRSTUVWXYZ';
const PLATE_LETTERS = 'ABCDEFGHJKLMNPRSTUVWXYZ';
const DIGITS = '0123456789';
/** Model-year codes from 2010; 2001-2009 use the digits 1-9. */
const YEAR_CODES = 'ABCDEFGHJKLMNPRSTVWXY';

/** World manufacturer identifiers by make (and by item type where a make builds both). */
const WMI: Record<string, readonly string[]> = {
  Toyota: ['JTM', 'MR0', 'JTE', 'JTN'],
  Mazda: ['JM0'],
  Hyundai: ['KMH'],
  Kia: ['KNA'],
  Ford: ['MPB', 'WF0'],
  Mitsubishi: ['MMA', 'JMF'],
  Nissan: ['JN1', 'MNT'],
  Subaru: ['JF1'],
  Volkswagen: ['WVW', 'WV1'],
  Isuzu: ['MP1'],
  Honda: ['JHM', 'MRH'],
  MG: ['LSJ'],
  GWM: ['LGW'],
  BYD: ['LGX'],
  Suzuki: ['JS2', 'MA3'],
  'Mercedes-Benz': ['W1K', 'WDD'],
  BMW: ['WBA'],
  Audi: ['WAU'],
  Lexus: ['JTH'],
  Volvo: ['YV1'],
  Skoda: ['TMB'],
  Peugeot: ['VF3'],
  Jeep: ['1C4'],
  Renault: ['VF1'],
  LDV: ['LSF'],
  Chery: ['LVV'],
  'Land Rover': ['SAL'],
  Jaguar: ['SAJ'],
  Porsche: ['WP0', 'WP1'],
  Genesis: ['KMT'],
  Mini: ['WMW'],
  'Alfa Romeo': ['ZAR'],
  RAM: ['1C6'],
  Cupra: ['VSS'],
  Polestar: ['LPS'],
  Holden: ['6G1'],
  Aurora: ['6AU'],
  Hino: ['JHH'],
  Fuso: ['JLF'],
  UD: ['JNC'],
  Iveco: ['ZCF'],
  'Isuzu|truck': ['JAL'],
  'Mercedes-Benz|truck': ['WDB'],
  'Honda|motorcycle': ['JH2'],
  'BMW|motorcycle': ['WB1'],
  Yamaha: ['JYA'],
  Kawasaki: ['JKA'],
  Ducati: ['ZDM'],
  Triumph: ['SMT'],
  KTM: ['VBK'],
  'Royal Enfield': ['ME3'],
};

/** A 17-character VIN: WMI, descriptor, check digit, model-year code, plant and serial. */
export function vin(rng: Rng, make: string, itemType: ItemType, year: number): string {
  // Australian-built trailers and caravans carry 6-series WMIs.
  const wmi = rng.pick(
    WMI[`${make}|${itemType}`] ??
      WMI[make] ?? [
        itemType === 'caravan' ? `6${rng.chars('ABCDEFGHJKLMNPRSTUVWXYZ', 1)}9` : 'LVV',
      ],
  );
  const yearCode =
    year >= 2010 ? (YEAR_CODES[(year - 2010) % YEAR_CODES.length] ?? 'A') : String(year % 10 || 1);
  return `${wmi}${rng.chars(VIN_CHARS, 5)}${rng.chars(`${DIGITS}X`, 1)}${yearCode}${rng.chars(VIN_CHARS, 1)}${rng.chars(DIGITS, 6)}`;
}

/** A 6-character NVIC (Glass's code), ending in the model year. */
export function nvic(rng: Rng, year: number): string {
  return `${rng.chars(DIGITS, 1)}${rng.chars(PLATE_LETTERS, 1)}${rng.chars(`${DIGITS}${PLATE_LETTERS}`, 2)}${String(year % 100).padStart(2, '0')}`;
}

/** A number plate in the state's current general-issue format. */
export function plate(rng: Rng, state: StateCode): string {
  const l = (n: number) => rng.chars(PLATE_LETTERS, n);
  const d = (n: number) => rng.chars(DIGITS, n);
  switch (state) {
    case 'QLD':
      return `${d(3)} ${l(3)}`;
    case 'NSW':
      return `${l(2)}${d(2)}${l(2)}`;
    case 'VIC':
      return `${d(1)}${l(2)} ${d(1)}${l(2)}`;
    case 'SA':
      return `S${d(3)}${l(3)}`;
    case 'WA':
      return `1${l(3)} ${d(3)}`;
    case 'TAS':
      return `${l(1)}${d(2)}${l(2)}`;
    case 'ACT':
      return `Y${l(2)} ${d(2)}${l(1)}`;
    case 'NT':
      return `C${l(1)}${d(2)}${l(2)}`;
  }
}

/** Stock numbers: N (new), D (demo) or U (used) and five digits unique within the tenant. */
export function stockNumber(carType: 'new' | 'demo' | 'used', id: number): string {
  return `${carType === 'new' ? 'N' : carType === 'demo' ? 'D' : 'U'}${String(id % 100_000).padStart(5, '0')}`;
}
