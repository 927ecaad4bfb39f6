/**
 * Contact details that can never reach a real person: ACMA's numbers reserved for fiction
 * (landlines 0X 5550 XXXX, mobiles 0491 570 XXX, 1300 975 707-727) and example.com.au domains.
 */
import type { Rng } from './random';
import type { StateCode } from './places';

const AREA_CODE: Record<StateCode, string> = {
  NSW: '02',
  ACT: '02',
  VIC: '03',
  TAS: '03',
  QLD: '07',
  SA: '08',
  WA: '08',
  NT: '08',
};

/** `07 5550 6100`: a fictional landline in the state's area code. */
export function landline(state: StateCode, lastFour: number): string {
  return `${AREA_CODE[state]} 5550 ${String(lastFour % 10000).padStart(4, '0')}`;
}

/** `0491 570 123`: a fictional mobile number. */
export function mobile(rng: Rng): string {
  return `0491 570 ${String(rng.int(100, 999))}`;
}

/** `1300 975 711`: a fictional 1300 number (the reserved block is 707 to 727). */
export function localRate(index: number): string {
  return `1300 975 ${707 + (index % 21)}`;
}

/** `sales@southerncrossmazdaringwood.example.com.au`. */
export function email(mailbox: string, organisation: string): string {
  return `${mailbox}@${organisation.toLowerCase().replace(/[^a-z0-9]/g, '')}.example.com.au`;
}

/** A dealer licence number in the format the state's regulator uses (fictional digits). */
export function dealerLicence(state: StateCode, rng: Rng): string {
  switch (state) {
    case 'NSW':
      return `MD${rng.int(10000, 99999)}`;
    case 'VIC':
      return `LMCT ${rng.int(10000, 13999)}`;
    case 'QLD':
      return `MDL ${rng.int(3000000, 3999999)}`;
    case 'SA':
      return `MVD${rng.int(100000, 299999)}`;
    case 'WA':
      return `MD${rng.int(10000, 29999)}`;
    case 'TAS':
      return `MVT ${rng.int(1000, 1999)}`;
    case 'ACT':
      return `ACT MVD ${rng.int(1000, 1999)}`;
    case 'NT':
      return `NT MVD ${rng.int(100, 999)}`;
  }
}

/** NSW workshops show a motor vehicle repairer licence; other states a repairer number. */
export function repairerLicence(state: StateCode, rng: Rng): string {
  return state === 'NSW' ? `MVRL${rng.int(40000, 59999)}` : `MVR ${rng.int(10000, 99999)}`;
}

/** A Google Maps search link for an address (no API key, no tracking parameters). */
export function mapsUrl(parts: readonly string[]): string {
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(parts.join(', '))}`;
}
