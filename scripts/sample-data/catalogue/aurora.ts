/** Aurora: the fictional make of the manufacturer demo tenant. */
import { v, type ModelSpec } from './types';

export const AURORA_MODELS: ModelSpec[] = [
  {
    make: 'Aurora',
    model: 'Nova',
    body: 'hatch',
    since: 2019,
    weight: 1,
    towing: 1000,
    ancap: 5,
    variants: [
      v('Pulse', 'au15t', 'FWD', 29990),
      v('Pulse+', 'au15t', 'FWD', 32990),
      v('GT', 'au20t', 'FWD', 38990),
    ],
  },
  {
    make: 'Aurora',
    model: 'Strata',
    body: 'sedan',
    since: 2018,
    weight: 0.7,
    towing: 1500,
    ancap: 5,
    variants: [
      v('Core', 'au20t', 'FWD', 39990),
      v('Luxe Hybrid', 'au20h', 'FWD', 46990),
      v('GT-S', 'au20t', 'AWD', 52990),
    ],
  },
  {
    make: 'Aurora',
    model: 'Vela',
    body: 'suv',
    since: 2020,
    weight: 2.2,
    towing: 1800,
    ancap: 5,
    variants: [
      v('Core', 'au15t', 'FWD', 36990),
      v('Luxe', 'au20t', 'AWD', 44990),
      v('Luxe Hybrid', 'au20h', 'AWD', 47990),
      v('Summit PHEV', 'au15phev', 'AWD', 56990),
      v('EV Long Range', 'auev', 'FWD', 54990),
    ],
  },
  {
    make: 'Aurora',
    model: 'Atlas',
    body: 'largeSuv',
    since: 2021,
    weight: 1.3,
    towing: 3100,
    ancap: 5,
    variants: [
      v('Core', 'au24d', '4X4', 55990),
      v('Luxe', 'au24d', '4X4', 62990),
      v('Summit', 'au30d', '4X4', 72990),
    ],
  },
  {
    make: 'Aurora',
    model: 'Terra',
    body: 'dualCabUte',
    since: 2020,
    weight: 2,
    towing: 3500,
    ancap: 5,
    variants: [
      v('Work', 'au24d', 'RWD', 39990),
      v('Trail', 'au24d', '4X4', 52990),
      v('Trail X', 'au30d', '4X4', 61990),
      v('Summit', 'au30d', '4X4', 68990),
    ],
  },
  {
    make: 'Aurora',
    model: 'Ridge',
    body: 'singleCabChassis',
    since: 2020,
    weight: 0.6,
    towing: 3500,
    ancap: 5,
    variants: [
      v('Work Single Cab', 'au24d', 'RWD', 36990),
      v('Work Single Cab', 'au24d', '4X4', 45990),
      v('Work Dual Cab', 'au24d', '4X4', 49990, { body: 'dualCabChassis' }),
    ],
  },
  {
    make: 'Aurora',
    model: 'Cove',
    body: 'van',
    since: 2022,
    weight: 0.5,
    towing: 2500,
    ancap: 5,
    variants: [
      v('SWB', 'au24d', 'FWD', 47990),
      v('LWB', 'au24d', 'FWD', 51990),
      v('Crew', 'au24d', 'FWD', 55990, { seats: 5 }),
    ],
  },
  {
    make: 'Aurora',
    model: 'Solace',
    body: 'suv',
    since: 2024,
    weight: 0.8,
    towing: 1600,
    ancap: 5,
    variants: [
      v('Standard Range', 'auev', 'RWD', 49990),
      v('Long Range', 'auev', 'RWD', 56990),
      v('Performance AWD', 'auevawd', 'AWD', 66990),
    ],
  },
];

/** Models on the range page only: announced but not yet in stock. */
export const AURORA_COMING_SOON = [
  {
    model: 'Lumen',
    body: 'dualCabUte' as const,
    description: 'A dual-motor electric ute with a 1,000 kg payload and 3,500 kg towing.',
    bodies: ['Ute'],
  },
  {
    model: 'Orbit',
    body: 'smallSuv' as const,
    description: 'A compact city SUV with a self-charging hybrid engine, arriving next year.',
    bodies: ['SUV'],
  },
];
