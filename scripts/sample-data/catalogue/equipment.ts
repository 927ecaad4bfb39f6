/** Standard equipment, grouped by category the way OEM data providers supply it. */
import type { Rng } from '../random';
import type { ItemType, SimpleFuel, SimpleDrive, Shape } from './types';

type Pools = Record<string, readonly string[]>;

/** Each pool runs from base-model equipment to flagship-only equipment. */
const CAR: Pools = {
  Safety: [
    'Electronic Stability Control',
    'Autonomous Emergency Braking',
    'Reversing Camera',
    '7 Airbags',
    'Hill Start Assist',
    'ISOFIX Child Seat Anchorages',
    'Tyre Pressure Monitoring',
    'Lane Departure Warning',
    'Lane Keep Assist',
    'Driver Attention Alert',
    'Traffic Sign Recognition',
    'Blind Spot Monitor',
    'Rear Cross Traffic Alert',
    'Front and Rear Parking Sensors',
  ],
  Comfort: [
    'Tilt and Reach Steering Column',
    'Cruise Control',
    'Rain-sensing Wipers',
    'Keyless Entry and Start',
    'Dual-zone Climate Control',
    'Rear Air Vents',
    'Auto-dimming Rear View Mirror',
    'Adaptive Cruise Control',
    'Power Driver Seat',
    'Power Tailgate',
    'Leather-accented Seats',
    'Heated Front Seats',
    'Ventilated Front Seats',
  ],
  Technology: [
    'Bluetooth Hands-free',
    'Apple CarPlay and Android Auto',
    'DAB+ Digital Radio',
    'USB-C Ports Front and Rear',
    'Satellite Navigation',
    'Wireless Apple CarPlay',
    'Wireless Android Auto',
    'Digital Instrument Cluster',
    '12.3-inch Touchscreen',
    'Wireless Phone Charger',
    'Connected Services App',
    'Premium Sound System',
    '360-degree Camera',
    'Head-up Display',
  ],
  Exterior: [
    'Alloy Wheels',
    'LED Daytime Running Lights',
    'Full-size Spare Wheel',
    'Privacy Glass',
    'Roof Rails',
    'LED Headlights',
    'Front Fog Lights',
    'Power-folding Mirrors',
    'Chrome Window Surrounds',
    'Panoramic Sunroof',
  ],
  Interior: [
    '60/40 Split-fold Rear Seat',
    'Cargo Blind',
    'Rear Centre Armrest',
    'Leather-wrapped Steering Wheel',
    'Illuminated Vanity Mirrors',
    'Ambient Lighting',
  ],
};

/** Features a car more than six years old would not have had. */
const MODERN = new Set([
  'Lane Keep Assist',
  'Driver Attention Alert',
  'Traffic Sign Recognition',
  'Adaptive Cruise Control',
  'Ventilated Front Seats',
  'USB-C Ports Front and Rear',
  'Wireless Apple CarPlay',
  'Wireless Android Auto',
  'Digital Instrument Cluster',
  '12.3-inch Touchscreen',
  'Wireless Phone Charger',
  'Connected Services App',
  '360-degree Camera',
  'Head-up Display',
  'Ambient Lighting',
]);

const FOUR_BY_FOUR = [
  'Rear Differential Lock',
  'Low-range Transfer Case',
  'Downhill Assist Control',
  'Tow Bar',
  'Underbody Protection',
  'Snorkel',
  'Tub Liner',
  'Sports Bar',
];
const ELECTRIC = [
  'Vehicle-to-Load Outlet',
  'CCS2 DC Fast Charging',
  'Heat Pump',
  'One-pedal Driving Mode',
  'Battery Pre-conditioning',
  '7 kW AC Onboard Charger',
];

const MOTORCYCLE: Pools = {
  Safety: [
    'Cornering ABS',
    'Traction Control',
    'LED Lighting',
    'Slipper Clutch',
    'Wheelie Control',
    'Emergency Stop Signal',
  ],
  Technology: [
    'TFT Colour Display',
    'Ride Modes',
    'Bluetooth Connectivity',
    'Quickshifter',
    'Cruise Control',
    'Keyless Ignition',
    'USB Charging Socket',
  ],
  Comfort: [
    'Adjustable Windscreen',
    'Heated Grips',
    'Adjustable Levers',
    'Low Seat Height',
    'Pillion Grab Rails',
  ],
  Chassis: [
    'Fully Adjustable Suspension',
    'Radial Brake Calipers',
    'Tubeless Spoked Wheels',
    'Steering Damper',
    'Aluminium Swingarm',
  ],
};

const TRUCK: Pools = {
  Safety: [
    'Autonomous Emergency Braking',
    'Lane Departure Warning',
    'Driver and Passenger Airbags',
    'Electronic Stability Control',
    'Reversing Camera',
    'Exhaust Brake',
  ],
  'Cab Comfort': [
    'Air-suspended Driver Seat',
    'Climate Control',
    'Cruise Control',
    'Power Windows',
    'Sleeper Berth',
    'Fridge',
  ],
  Technology: [
    'Telematics',
    'Apple CarPlay and Android Auto',
    'Digital Instrument Cluster',
    'Bluetooth Hands-free',
  ],
  Chassis: [
    'Automated Manual Transmission',
    'Air Suspension',
    'Diff Lock',
    'Alloy Wheels',
    'Long-range Fuel Tank',
  ],
};

const CARAVAN: Pools = {
  Living: [
    'Queen Island Bed',
    'Café Dinette',
    'Reverse-cycle Air Conditioner',
    'Diesel Heater',
    'Roll-out Awning',
    'Smart TV with Swing Arm',
    'Bunk Beds',
    'LED Mood Lighting',
  ],
  Kitchen: [
    'Four-burner Gas Cooktop',
    'Microwave',
    '190 L Compressor Fridge',
    'Rangehood',
    'Stainless Steel Sink',
    'External Slide-out BBQ',
  ],
  Bathroom: [
    'Full Ensuite',
    'Separate Shower and Toilet',
    'Cassette Toilet',
    'Front-load Washing Machine',
    'Gas/Electric Hot Water Service',
  ],
  'Power & Water': [
    '2 x 200 W Solar Panels',
    '200 Ah Lithium Battery',
    '3000 W Inverter',
    'Battery Management System',
    '2 x 95 L Fresh Water Tanks',
    'Grey Water Tank',
    'Water Filter',
  ],
  'Chassis & Towing': [
    'Independent Coil Suspension',
    'Hot-dip Galvanised Chassis',
    'Electric Brakes',
    'Breakaway System',
    'Stone Guard',
    'Off-road Hitch',
    'Jerry Can Holders',
  ],
};

/** 6 to 30 features grouped by category, plausible for the vehicle. */
export function pickEquipment(
  rng: Rng,
  vehicle: {
    itemType: ItemType;
    shape: Shape;
    fuel: SimpleFuel;
    drive: SimpleDrive;
    priceTier: number;
    age: number;
  },
): Record<string, string[]> {
  const pools: Pools =
    vehicle.itemType === 'motorcycle'
      ? MOTORCYCLE
      : vehicle.itemType === 'truck'
        ? TRUCK
        : vehicle.itemType === 'caravan'
          ? CARAVAN
          : CAR;
  const extra: Pools = {};
  if (vehicle.itemType === 'car' && vehicle.drive === '4X4') extra['Off-road'] = FOUR_BY_FOUR;
  if (vehicle.fuel === 'Electric' || vehicle.fuel === 'Plug-in Hybrid')
    extra['Charging'] = ELECTRIC;
  const groups: Record<string, string[]> = {};
  // Dearer cars reach further into each pool (pools run from base to flagship equipment).
  const reach = 0.45 + vehicle.priceTier * 0.55;
  let total = 0;
  for (const [category, pool] of Object.entries({ ...pools, ...extra })) {
    const items = pool
      .slice(0, Math.ceil(pool.length * reach))
      .filter((item) => vehicle.age <= 6 || !MODERN.has(item));
    const count = Math.max(1, Math.round(items.length * rng.float(0.55, 0.95)));
    const chosen = rng.sample(items, Math.min(count, 30 - total));
    if (chosen.length) groups[category] = chosen;
    total += chosen.length;
    if (total >= 30) break;
  }
  if (total < 6) {
    const first = Object.keys(pools)[0] as string;
    groups[first] = [...new Set([...(groups[first] ?? []), ...(pools[first] ?? [])])].slice(0, 6);
  }
  return groups;
}
