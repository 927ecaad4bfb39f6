/** Caravans, pop-tops, camper trailers and motorhomes (Australian makes, typical figures). */
import { v, type ModelSpec, type VanSpec } from './types';

const van = (
  make: string,
  model: string,
  body: ModelSpec['body'],
  since: number,
  variants: ModelSpec['variants'],
  weight = 1,
): ModelSpec => ({
  make,
  model,
  body,
  since,
  variants,
  weight,
  towing: 0,
  ancap: null,
});
/** A towed unit: badge, price and its figures. */
const unit = (
  badge: string,
  price: number,
  lengthFt: number,
  sleeps: number,
  tare: number,
  atm: number,
  axle: VanSpec['axle'],
  widthFt = 7.9,
) => v(badge, 'none', 'RWD', price, { van: { lengthFt, widthFt, sleeps, tare, atm, axle } });
const mh = (
  badge: string,
  price: number,
  pt: 'mh23' | 'mh30' | 'mh20',
  lengthFt: number,
  sleeps: number,
  tare: number,
  atm: number,
) =>
  v(badge, pt, 'RWD', price, {
    seats: 4,
    van: { lengthFt, widthFt: 7.7, sleeps, tare, atm, axle: 'Single' },
  });

export const CARAVAN_MODELS: ModelSpec[] = [
  van(
    'Jayco',
    'Journey',
    'caravan',
    2010,
    [
      unit('21.6-3 Outback', 74990, 21.5, 2, 2290, 2790, 'Tandem'),
      unit('19.6-3 Outback', 69990, 19.5, 3, 2140, 2640, 'Tandem'),
    ],
    2,
  ),
  van('Jayco', 'Crosstrak', 'caravan', 2021, [
    unit('15.47-1', 62990, 15.5, 2, 1760, 2160, 'Single Independent'),
    unit('17.61-4', 71990, 17.5, 4, 2060, 2460, 'Single Independent'),
  ]),
  van(
    'Jayco',
    'Starcraft',
    'caravan',
    2008,
    [
      unit('19.61-3', 58990, 19.5, 2, 1980, 2380, 'Tandem'),
      unit('17.58-3', 55990, 17.5, 2, 1850, 2250, 'Single'),
    ],
    1.5,
  ),
  van('Jayco', 'Silverline', 'caravan', 2014, [
    unit('21.65-3', 104990, 21.5, 2, 2580, 3180, 'Tandem Independent'),
  ]),
  van('Jayco', 'Baja', 'popTop', 2015, [
    unit('Swan Outback', 42990, 14.5, 5, 1290, 1590, 'Single Independent', 7.2),
    unit('Eagle Outback', 47990, 16, 6, 1490, 1790, 'Single Independent', 7.2),
  ]),
  van('Jayco', 'Conquest', 'motorhome', 2012, [mh('RM.25-3', 219990, 'mh30', 25, 4, 4100, 4490)]),
  van('Avan', 'Aliner', 'popTop', 2006, [
    unit('Ascent 2 Plus', 49990, 13.5, 2, 1045, 1350, 'Single Independent', 6.9),
  ]),
  van('Avan', 'Aspire', 'caravan', 2017, [unit('495', 63990, 16.5, 2, 1580, 2000, 'Single')]),
  van('Avan', 'Cruiseliner', 'popTop', 2008, [
    unit('Twin Beds', 56990, 16, 2, 1320, 1700, 'Single', 7.2),
  ]),
  van('Coromal', 'Element', 'caravan', 2016, [unit('E584', 68990, 19.5, 2, 2180, 2680, 'Tandem')]),
  van('Coromal', 'Appeal', 'caravan', 2015, [unit('A621s', 76990, 20.5, 2, 2350, 2850, 'Tandem')]),
  van('Lotus Caravans', 'Trooper', 'caravan', 2017, [
    unit('19\'6" Off-Road', 112990, 19.5, 2, 2720, 3500, 'Tandem Independent', 8.2),
  ]),
  van('Lotus Caravans', 'Off Grid', 'caravan', 2016, [
    unit("21' Family", 124990, 21, 4, 2890, 3500, 'Tandem Independent', 8.2),
  ]),
  van('New Age', 'Manta Ray', 'caravan', 2012, [
    unit('MR19ERS', 79990, 19, 2, 2330, 2980, 'Tandem'),
  ]),
  van('New Age', 'Wallaby', 'caravan', 2018, [
    unit('17 Off-Road', 72990, 17, 4, 2100, 2700, 'Single Independent'),
  ]),
  van('Crusader', 'Excalibur', 'caravan', 2016, [
    unit('21\'6" Club Lounge', 96990, 21.5, 2, 2620, 3250, 'Tandem Independent'),
  ]),
  van('Crusader', 'Inferno', 'caravan', 2018, [
    unit('19\'6" Off-Road', 89990, 19.5, 2, 2480, 3100, 'Tandem Independent'),
  ]),
  van('Supreme', 'Spirit', 'caravan', 2010, [
    unit('II 19\'6"', 69990, 19.5, 2, 2200, 2650, 'Tandem'),
  ]),
  van('Windsor', 'Genesis', 'caravan', 2014, [
    unit('19\'6" Ensuite', 61990, 19.5, 2, 2100, 2560, 'Tandem'),
  ]),
  van('Windsor', 'Rapid', 'popTop', 2012, [unit('502', 48990, 16, 2, 1450, 1850, 'Single', 7.2)]),
  van('Zone RV', 'Z-3', 'caravan', 2019, [
    unit('Hybrid', 84990, 16, 3, 1800, 2500, 'Single Independent', 7.5),
  ]),
  van('Zone RV', 'Z-6', 'caravan', 2020, [
    unit('Family', 109990, 21, 5, 2650, 3500, 'Tandem Independent', 8.2),
  ]),
  van('MDC', 'XT12', 'camperTrailer', 2016, [
    unit('Hybrid Off-Road', 34990, 12, 2, 1180, 1600, 'Single Independent', 6.9),
  ]),
  van('MDC', 'Sahara', 'camperTrailer', 2017, [
    unit('Forward Fold', 24990, 13, 4, 950, 1400, 'Single Independent', 6.9),
  ]),
  van(
    'Snowy River',
    'SRC',
    'caravan',
    2013,
    [
      unit('16 Off-Road', 58990, 16, 2, 1760, 2300, 'Single'),
      unit('21 Family', 69990, 21, 4, 2260, 2800, 'Tandem'),
    ],
    1.5,
  ),
  van('Snowy River', 'SRT', 'camperTrailer', 2015, [
    unit('12 Hybrid', 29990, 12, 4, 1020, 1500, 'Single Independent', 6.9),
  ]),
  van('Sunliner', 'Switch', 'motorhome', 2014, [
    mh('S4', 169990, 'mh23', 22, 2, 3650, 4490),
    mh('Habitat 2', 189990, 'mh30', 24, 4, 3950, 4490),
  ]),
  van('Avida', 'Esperance', 'motorhome', 2010, [mh('C7944SL', 209990, 'mh23', 25, 4, 3850, 4490)]),
];
