/** Body styles: the feed's body text, its simple_body, the illustration and typical dimensions. */
import type { ItemType, Shape } from './types';

export interface BodyStyle {
  body: string;
  simpleBody: string;
  shape: Shape;
  itemType: ItemType;
  doors: number | null;
  seats: number | null;
  bodyconfiguration: string | null;
  /** Typical length, width, height (mm) and gross vehicle mass (kg). */
  size: [length: number, width: number, height: number, gvm: number];
}

type Row = [
  body: string,
  simpleBody: string,
  shape: Shape,
  itemType: ItemType,
  doors: number | null,
  seats: number | null,
  config: string | null,
  size: BodyStyle['size'],
];

const rows = {
  hatch: ['5D Hatchback', 'Hatch', 'hatch', 'car', 5, 5, null, [4200, 1760, 1460, 1750]],
  smallHatch: ['5D Hatchback', 'Hatch', 'hatch', 'car', 5, 5, null, [3940, 1695, 1500, 1520]],
  sedan: ['4D Sedan', 'Sedan', 'sedan', 'car', 4, 5, null, [4880, 1840, 1445, 2100]],
  smallSuv: ['4D Wagon', 'SUV', 'suv', 'car', 4, 5, null, [4200, 1780, 1590, 1850]],
  suv: ['4D Wagon', 'SUV', 'suv', 'car', 4, 5, null, [4600, 1855, 1690, 2250]],
  largeSuv: ['4D Wagon', 'SUV', 'suv', 'car', 4, 7, null, [4950, 1980, 1870, 3280]],
  wagon: ['4D Wagon', 'Wagon', 'wagon', 'car', 4, 5, null, [4870, 1875, 1670, 2300]],
  dualCab: ['Double Cab Pick Up', 'Ute', 'ute', 'car', 4, 5, 'Dual Cab', [5330, 1900, 1815, 3100]],
  dualCabUte: [
    '4D Dual Cab Utility',
    'Ute',
    'ute',
    'car',
    4,
    5,
    'Dual Cab',
    [5370, 1918, 1884, 3210],
  ],
  singleCabChassis: [
    '2D Single Cab Chassis',
    'Cab Chassis',
    'cabchassis',
    'car',
    2,
    3,
    'Single Cab',
    [5260, 1800, 1800, 3300],
  ],
  dualCabChassis: [
    '4D Double Cab Chassis',
    'Cab Chassis',
    'cabchassis',
    'car',
    4,
    5,
    'Dual Cab',
    [5330, 1855, 1815, 3300],
  ],
  van: ['4D Van', 'Van', 'van', 'car', 4, 2, 'Van', [5265, 1950, 1990, 3300]],
  commuterBus: ['Commuter Bus', 'Bus', 'van', 'car', 4, 12, 'Bus', [5915, 1950, 2280, 3600]],
  bus: ['Bus', 'Bus', 'bus', 'car', 2, 22, 'Bus', [6990, 2080, 2640, 6000]],
  peopleMover: [
    '4D Wagon',
    'People Mover',
    'peoplemover',
    'car',
    4,
    8,
    null,
    [5155, 1995, 1775, 2750],
  ],
  coupe: ['2D Coupe', 'Coupe', 'coupe', 'car', 2, 4, null, [4265, 1775, 1310, 1700]],
  convertible: [
    '2D Convertible',
    'Convertible',
    'convertible',
    'car',
    2,
    4,
    null,
    [4250, 1780, 1350, 1800],
  ],
  lightTruck: [
    'Tray Top',
    'Light Truck',
    'lighttruck',
    'truck',
    2,
    3,
    'Single Cab',
    [6160, 1995, 2250, 4500],
  ],
  pantech: [
    'Pantech',
    'Light Truck',
    'lighttruck',
    'truck',
    2,
    3,
    'Single Cab',
    [7690, 2190, 3300, 8500],
  ],
  rigidTruck: [
    'Cab Chassis',
    'Truck',
    'truck',
    'truck',
    2,
    3,
    'Single Cab',
    [8950, 2490, 2900, 16000],
  ],
  primeMover: [
    'Prime Mover',
    'Prime Mover',
    'primemover',
    'truck',
    2,
    2,
    'Sleeper Cab',
    [6500, 2500, 3700, 26000],
  ],
  naked: ['Naked', 'Motorcycle', 'motorcycle', 'motorcycle', null, 2, null, [2085, 780, 1105, 370]],
  sport: ['Sport', 'Motorcycle', 'motorcycle', 'motorcycle', null, 2, null, [2070, 705, 1160, 360]],
  adventure: [
    'Adventure Touring',
    'Motorcycle',
    'motorcycle',
    'motorcycle',
    null,
    2,
    null,
    [2320, 960, 1480, 460],
  ],
  cruiser: [
    'Cruiser',
    'Motorcycle',
    'motorcycle',
    'motorcycle',
    null,
    2,
    null,
    [2190, 830, 1110, 420],
  ],
  retro: ['Retro', 'Motorcycle', 'motorcycle', 'motorcycle', null, 2, null, [2080, 790, 1100, 380]],
  scooter: [
    'Scooter',
    'Motorcycle',
    'motorcycle',
    'motorcycle',
    null,
    2,
    null,
    [2195, 780, 1420, 400],
  ],
  enduro: [
    'Enduro',
    'Motorcycle',
    'motorcycle',
    'motorcycle',
    null,
    1,
    null,
    [2180, 820, 1270, 260],
  ],
  caravan: ['Caravan', 'Caravan', 'caravan', 'caravan', 1, null, null, [7500, 2400, 3000, 3000]],
  popTop: ['Pop Top', 'Pop Top', 'poptop', 'caravan', 1, null, null, [6000, 2300, 2500, 2300]],
  camperTrailer: [
    'Camper Trailer',
    'Camper Trailer',
    'camper',
    'caravan',
    null,
    null,
    null,
    [4800, 2000, 1800, 1800],
  ],
  motorhome: [
    'Motorhome',
    'Motorhome',
    'motorhome',
    'caravan',
    3,
    4,
    null,
    [7400, 2350, 3000, 4490],
  ],
} satisfies Record<string, Row>;

export type BodyKey = keyof typeof rows;

export const BODIES = Object.fromEntries(
  Object.entries(rows).map(
    ([key, [body, simpleBody, shape, itemType, doors, seats, bodyconfiguration, size]]) => [
      key,
      { body, simpleBody, shape, itemType, doors, seats, bodyconfiguration, size },
    ],
  ),
) as Record<BodyKey, BodyStyle>;
