/**
 * Engines and motors with realistic published figures. Keys are referenced by the model
 * catalogues; the car generator copies the figures into `variant` and the top-level fields.
 */
import type { SimpleFuel } from './types';

export interface Powertrain {
  cc: number | null;
  cylinders: number | null;
  induction: string;
  simpleFuel: SimpleFuel;
  /** Fuel as dealer feeds spell it. */
  fuel: string;
  kw: number;
  nm: number;
  /** Combined L/100km; null for electric vehicles. */
  l100: number | null;
  tank: number | null;
  gears: number;
  gearType: 'Automatic' | 'CVT' | 'Dual Clutch' | 'Manual' | 'Reduction Gear';
}

const ULP = 'Petrol - Unleaded ULP';
const PULP = 'Petrol - Premium ULP';
const DIESEL = 'Diesel';
const HYBRID = 'Hybrid - Petrol/Electric';
const PHEV = 'Plug-in Hybrid - Petrol/Electric';
const EV = 'Electric';

type Row = [
  cc: number | null,
  cyl: number | null,
  induction: string,
  simpleFuel: SimpleFuel,
  fuel: string,
  kw: number,
  nm: number,
  l100: number | null,
  tank: number | null,
  gears: number,
  gearType: Powertrain['gearType'],
];

const rows = {
  // Toyota
  toy15: [1490, 3, 'Aspirated', 'Petrol', ULP, 88, 145, 5.4, 42, 1, 'CVT'],
  toy15h: [1490, 3, 'Aspirated', 'Hybrid', HYBRID, 85, 120, 3.8, 36, 1, 'CVT'],
  toy18h: [1798, 4, 'Aspirated', 'Hybrid', HYBRID, 103, 142, 4.0, 43, 1, 'CVT'],
  toy20: [1987, 4, 'Aspirated', 'Petrol', ULP, 127, 203, 6.5, 55, 1, 'CVT'],
  toy20h: [1987, 4, 'Aspirated', 'Hybrid', HYBRID, 144, 190, 4.6, 43, 1, 'CVT'],
  toy20phev: [1987, 4, 'Aspirated', 'Plug-in Hybrid', PHEV, 164, 208, 1.0, 43, 1, 'CVT'],
  toy25h: [2487, 4, 'Aspirated', 'Hybrid', HYBRID, 163, 221, 4.7, 55, 1, 'CVT'],
  toy25hk: [2487, 4, 'Aspirated', 'Hybrid', HYBRID, 184, 242, 5.6, 65, 1, 'CVT'],
  toy24t: [2393, 4, 'Turbo', 'Petrol', ULP, 198, 420, 8.9, 68, 8, 'Automatic'],
  toy24d: [2393, 4, 'Turbo Intercooled', 'Diesel', DIESEL, 110, 400, 7.7, 80, 6, 'Automatic'],
  toy27: [2694, 4, 'Aspirated', 'Petrol', ULP, 122, 245, 10.5, 80, 6, 'Automatic'],
  toy28d: [2755, 4, 'Turbo Intercooled', 'Diesel', DIESEL, 150, 500, 8.0, 80, 6, 'Automatic'],
  toy28dp: [2755, 4, 'Turbo Intercooled', 'Diesel', DIESEL, 150, 500, 7.6, 110, 8, 'Automatic'],
  toy33d: [
    3346,
    6,
    'Twin Turbo Intercooled',
    'Diesel',
    DIESEL,
    227,
    700,
    8.9,
    110,
    10,
    'Automatic',
  ],
  toy28d70: [2755, 4, 'Turbo Intercooled', 'Diesel', DIESEL, 150, 500, 9.6, 130, 6, 'Automatic'],
  toy45d: [4461, 8, 'Turbo Intercooled', 'Diesel', DIESEL, 151, 430, 10.7, 130, 5, 'Manual'],
  toy24b: [2387, 4, 'Aspirated', 'Petrol', PULP, 174, 250, 9.5, 50, 6, 'Manual'],
  toyev: [null, null, 'Electric', 'Electric', EV, 150, 266, null, null, 1, 'Reduction Gear'],
  toyevawd: [null, null, 'Electric', 'Electric', EV, 160, 337, null, null, 1, 'Reduction Gear'],
  toy40d: [4009, 4, 'Turbo Intercooled', 'Diesel', DIESEL, 110, 420, 14.5, 95, 6, 'Automatic'],
  // Generic engines shared by many makes
  p10t: [999, 3, 'Turbo', 'Petrol', ULP, 85, 200, 5.4, 45, 7, 'Dual Clutch'],
  p12: [1197, 4, 'Aspirated', 'Petrol', ULP, 61, 113, 4.9, 37, 1, 'CVT'],
  p14t: [1395, 4, 'Turbo', 'Petrol', PULP, 110, 250, 6.0, 50, 8, 'Automatic'],
  p15: [1498, 4, 'Aspirated', 'Petrol', ULP, 85, 145, 6.2, 45, 1, 'CVT'],
  p15t: [1498, 4, 'Turbo', 'Petrol', ULP, 125, 250, 6.7, 55, 7, 'Dual Clutch'],
  p16t: [1598, 4, 'Turbo', 'Petrol', ULP, 132, 265, 7.3, 50, 7, 'Dual Clutch'],
  p20: [1998, 4, 'Aspirated', 'Petrol', ULP, 115, 200, 6.8, 52, 1, 'CVT'],
  p20s: [1998, 4, 'Aspirated', 'Petrol', ULP, 114, 200, 6.9, 56, 6, 'Automatic'],
  p20t: [1998, 4, 'Turbo', 'Petrol', PULP, 180, 350, 7.8, 60, 8, 'Automatic'],
  p25: [2488, 4, 'Aspirated', 'Petrol', ULP, 140, 252, 7.4, 58, 6, 'Automatic'],
  p25b: [2498, 4, 'Aspirated', 'Petrol', ULP, 136, 245, 7.8, 63, 1, 'CVT'],
  p25t: [2488, 4, 'Turbo', 'Petrol', PULP, 170, 420, 8.2, 74, 6, 'Automatic'],
  p30t: [2998, 6, 'Turbo', 'Petrol', PULP, 250, 500, 8.5, 68, 8, 'Automatic'],
  p35: [3456, 6, 'Aspirated', 'Petrol', ULP, 202, 340, 10.0, 72, 8, 'Automatic'],
  p36: [3604, 6, 'Aspirated', 'Petrol', ULP, 210, 347, 10.4, 84, 8, 'Automatic'],
  p40tt: [3996, 8, 'Twin Turbo', 'Petrol', PULP, 353, 700, 11.9, 80, 8, 'Automatic'],
  p57: [5654, 8, 'Aspirated', 'Petrol', PULP, 291, 556, 12.2, 98, 8, 'Automatic'],
  d20: [1996, 4, 'Turbo Intercooled', 'Diesel', DIESEL, 110, 350, 6.0, 65, 8, 'Automatic'],
  d20bt: [1996, 4, 'Twin Turbo Intercooled', 'Diesel', DIESEL, 154, 500, 7.5, 80, 10, 'Automatic'],
  d22: [2184, 4, 'Turbo Intercooled', 'Diesel', DIESEL, 147, 440, 7.0, 67, 8, 'Automatic'],
  d23: [2298, 4, 'Twin Turbo Intercooled', 'Diesel', DIESEL, 140, 450, 7.0, 80, 7, 'Automatic'],
  d24: [2442, 4, 'Turbo Intercooled', 'Diesel', DIESEL, 150, 470, 7.7, 75, 6, 'Automatic'],
  d28: [2776, 4, 'Turbo Intercooled', 'Diesel', DIESEL, 160, 500, 8.4, 80, 8, 'Automatic'],
  d30: [2999, 4, 'Turbo Intercooled', 'Diesel', DIESEL, 140, 450, 8.0, 76, 6, 'Automatic'],
  d30v6: [2993, 6, 'Turbo Intercooled', 'Diesel', DIESEL, 184, 600, 8.4, 80, 10, 'Automatic'],
  h15: [1498, 4, 'Aspirated', 'Hybrid', HYBRID, 165, 465, 4.0, 45, 3, 'Automatic'],
  h16: [1580, 4, 'Aspirated', 'Hybrid', HYBRID, 104, 265, 4.0, 42, 6, 'Dual Clutch'],
  h16t: [1598, 4, 'Turbo', 'Hybrid', HYBRID, 172, 367, 5.3, 52, 6, 'Automatic'],
  h20: [1993, 4, 'Aspirated', 'Hybrid', HYBRID, 135, 315, 4.2, 57, 1, 'CVT'],
  phev24: [2360, 4, 'Aspirated', 'Plug-in Hybrid', PHEV, 185, 450, 1.5, 56, 1, 'Reduction Gear'],
  phev15: [1498, 4, 'Aspirated', 'Plug-in Hybrid', PHEV, 160, 300, 1.1, 60, 1, 'Reduction Gear'],
  phev20t: [1998, 4, 'Turbo', 'Plug-in Hybrid', PHEV, 233, 450, 1.6, 60, 8, 'Automatic'],
  evS: [null, null, 'Electric', 'Electric', EV, 150, 310, null, null, 1, 'Reduction Gear'],
  evM: [null, null, 'Electric', 'Electric', EV, 225, 350, null, null, 1, 'Reduction Gear'],
  evL: [null, null, 'Electric', 'Electric', EV, 320, 605, null, null, 1, 'Reduction Gear'],
  // Trucks
  t30: [2999, 4, 'Turbo Intercooled', 'Diesel', DIESEL, 110, 375, 12.5, 100, 6, 'Automatic'],
  t30i: [2998, 4, 'Turbo Intercooled', 'Diesel', DIESEL, 155, 470, 11.8, 100, 8, 'Automatic'],
  t40: [4009, 4, 'Turbo Intercooled', 'Diesel', DIESEL, 110, 420, 14.5, 100, 6, 'Automatic'],
  t52: [5193, 4, 'Turbo Intercooled', 'Diesel', DIESEL, 140, 513, 17.5, 140, 6, 'Automatic'],
  t77: [7698, 6, 'Turbo Intercooled', 'Diesel', DIESEL, 200, 1100, 24.0, 200, 12, 'Automatic'],
  t80: [7684, 6, 'Turbo Intercooled', 'Diesel', DIESEL, 206, 794, 25.0, 200, 6, 'Automatic'],
  t110: [10837, 6, 'Turbo Intercooled', 'Diesel', DIESEL, 338, 2200, 45.0, 400, 12, 'Automatic'],
  t128: [12809, 6, 'Turbo Intercooled', 'Diesel', DIESEL, 390, 2600, 48.0, 500, 12, 'Automatic'],
  tev: [null, null, 'Electric', 'Electric', EV, 110, 430, null, null, 1, 'Reduction Gear'],
  // Motorcycles
  m349: [349, 1, 'Aspirated', 'Petrol', ULP, 15, 27, 3.0, 13, 5, 'Manual'],
  m398: [398, 1, 'Aspirated', 'Petrol', PULP, 29, 38, 3.4, 13, 6, 'Manual'],
  m399: [399, 2, 'Aspirated', 'Petrol', PULP, 33, 37, 4.2, 14, 6, 'Manual'],
  m452: [452, 1, 'Aspirated', 'Petrol', ULP, 29, 40, 3.6, 17, 6, 'Manual'],
  m471: [471, 2, 'Aspirated', 'Petrol', ULP, 34, 43, 3.7, 11, 6, 'Manual'],
  m562: [562, 2, 'Aspirated', 'Petrol', PULP, 35, 55, 4.8, 15, 1, 'CVT'],
  m648: [648, 2, 'Aspirated', 'Petrol', ULP, 35, 52, 4.2, 14, 6, 'Manual'],
  m649: [649, 2, 'Aspirated', 'Petrol', PULP, 50, 64, 4.5, 15, 6, 'Manual'],
  m660: [660, 3, 'Aspirated', 'Petrol', PULP, 60, 64, 4.6, 14, 6, 'Manual'],
  m689: [689, 2, 'Aspirated', 'Petrol', PULP, 54, 68, 4.2, 14, 6, 'Manual'],
  m765: [765, 3, 'Aspirated', 'Petrol', PULP, 88, 80, 5.2, 15, 6, 'Manual'],
  m889: [889, 2, 'Aspirated', 'Petrol', PULP, 77, 100, 4.8, 20, 6, 'Manual'],
  m890: [890, 3, 'Aspirated', 'Petrol', PULP, 87, 93, 5.0, 14, 6, 'Manual'],
  m937: [937, 2, 'Aspirated', 'Petrol', PULP, 82, 93, 5.2, 14, 6, 'Manual'],
  m948: [948, 4, 'Aspirated', 'Petrol', PULP, 92, 98, 5.5, 17, 6, 'Manual'],
  m1084: [1084, 2, 'Aspirated', 'Petrol', PULP, 75, 112, 5.0, 18, 6, 'Manual'],
  m1158: [1158, 4, 'Aspirated', 'Petrol', PULP, 125, 125, 6.6, 22, 6, 'Manual'],
  m1200: [1200, 2, 'Aspirated', 'Petrol', PULP, 59, 105, 4.8, 14, 6, 'Manual'],
  m1300: [1300, 2, 'Aspirated', 'Petrol', PULP, 107, 149, 4.8, 19, 6, 'Manual'],
  m1301: [1301, 2, 'Aspirated', 'Petrol', PULP, 140, 145, 6.2, 17, 6, 'Manual'],
  m1868: [1868, 2, 'Aspirated', 'Petrol', PULP, 68, 155, 5.6, 19, 6, 'Manual'],
  // Motorhome bases
  mh23: [2287, 4, 'Turbo Intercooled', 'Diesel', DIESEL, 132, 450, 10.5, 90, 9, 'Automatic'],
  mh30: [2998, 4, 'Turbo Intercooled', 'Diesel', DIESEL, 132, 430, 11.5, 100, 8, 'Automatic'],
  mh20: [1950, 4, 'Turbo Intercooled', 'Diesel', DIESEL, 125, 400, 9.8, 93, 9, 'Automatic'],
  // Aurora (fictional make, plausible figures)
  au15t: [1499, 4, 'Turbo', 'Petrol', ULP, 118, 250, 6.4, 50, 7, 'Dual Clutch'],
  au20t: [1998, 4, 'Turbo', 'Petrol', ULP, 165, 380, 7.4, 62, 8, 'Automatic'],
  au20h: [1998, 4, 'Aspirated', 'Hybrid', HYBRID, 160, 315, 4.9, 52, 1, 'CVT'],
  au24d: [2393, 4, 'Turbo Intercooled', 'Diesel', DIESEL, 150, 480, 7.9, 80, 8, 'Automatic'],
  au30d: [2993, 6, 'Turbo Intercooled', 'Diesel', DIESEL, 190, 600, 8.6, 80, 10, 'Automatic'],
  au15phev: [1499, 4, 'Turbo', 'Plug-in Hybrid', PHEV, 205, 525, 1.3, 55, 1, 'Reduction Gear'],
  auev: [null, null, 'Electric', 'Electric', EV, 160, 350, null, null, 1, 'Reduction Gear'],
  auevawd: [null, null, 'Electric', 'Electric', EV, 300, 620, null, null, 1, 'Reduction Gear'],
  // Towed units
  none: [null, null, '', 'Petrol', '', 0, 0, null, null, 0, 'Manual'],
} satisfies Record<string, Row>;

export type PowertrainKey = keyof typeof rows;

export const POWERTRAINS = Object.fromEntries(
  Object.entries(rows).map(
    ([key, [cc, cylinders, induction, simpleFuel, fuel, kw, nm, l100, tank, gears, gearType]]) => [
      key,
      { cc, cylinders, induction, simpleFuel, fuel, kw, nm, l100, tank, gears, gearType },
    ],
  ),
) as Record<PowertrainKey, Powertrain>;

/** Whether a powertrain is the "none" placeholder of towed caravans and trailers. */
export function isTowed(key: PowertrainKey): boolean {
  return key === 'none';
}
