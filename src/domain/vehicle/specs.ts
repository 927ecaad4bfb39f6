import type { Car } from '../../feeds/schemas';
import { bodyLabel } from '../body-types';
import { formatKm, formatNumber } from '../format';

/** One labelled fact about a car, formatted for reading. */
export interface Spec {
  label: string;
  value: string;
}

type Entry = [
  label: string,
  value: string | number | null | undefined,
  format?: (value: number) => string,
];

const CONDITION: Record<string, string> = { new: 'New', demo: 'Demo', used: 'Used' };

const unit = (suffix: string) => (value: number) => `${formatNumber(value)} ${suffix}`;

function specs(entries: Entry[]): Spec[] {
  const out: Spec[] = [];
  for (const [label, value, format] of entries) {
    if (value == null) continue;
    if (typeof value === 'number') {
      if (!Number.isFinite(value)) continue;
      out.push({ label, value: format ? format(value) : String(value) });
    } else if (value.trim()) out.push({ label, value: value.trim() });
  }
  return out;
}

/** The key information grid (SPEC 2): the facts a shopper compares first, in that order. */
export function keyInformation(car: Car): Spec[] {
  const engine = car.engine_size_litres ?? car.variant?.enginesize_litres;
  return specs([
    ['Odometer', car.km, formatKm],
    ['Transmission', car.trans ?? car.simple_transmission],
    ['Body', bodyLabel(car.body) ?? bodyLabel(car.simple_body)],
    ['Fuel', car.fuel ?? car.simple_fuel],
    ['Drive', car.drive ?? car.simple_drive],
    ['Engine', engine, (litres) => `${litres.toFixed(1)} L`],
    ['Colour', car.colour],
    ['Interior', car.interior_colour],
    ['Seats', car.seats],
    ['Doors', car.doors],
    ['Condition', CONDITION[car.car_type]],
  ]);
}

/** 'All Specifications' (SPEC 2): the variant's technical data. */
export function allSpecifications(car: Car): Spec[] {
  const v = car.variant ?? {};
  return specs([
    ['Body configuration', v.bodyconfiguration ?? car.bodyconfiguration],
    ['Cylinders', v.cylinders],
    ['Engine size', v.enginesize ?? car.engine_size, unit('cc')],
    ['Induction', v.induction],
    ['Power', v.power, unit('kW')],
    ['Torque', v.torque, unit('Nm')],
    ['Gear type', v.geartype],
    ['Gears', car.gearnum],
    ['Fuel consumption (combined)', v.fuelconsumptioncombined, (l) => `${l} L/100km`],
    ['Fuel capacity', v.fuelcapacity, unit('L')],
    ['Gross vehicle mass', v.grossvehiclemass, unit('kg')],
    ['Length', v.vehiclelength, unit('mm')],
    ['Width', v.vehiclewidth, unit('mm')],
    ['Height', v.vehicleheight, unit('mm')],
    ['Towing capacity (braked)', v.towingcapacitybraked, unit('kg')],
    ['ANCAP rating', v.ancaprating, (stars) => `${stars} stars`],
  ]);
}

/** The Details box: identifiers and dates of this particular car. */
export function carDetails(car: Car): Spec[] {
  return specs([
    ['Stock number', car.stocknum],
    ['VIN', car.vin],
    ['Year', car.year],
    ['Build date', car.build_date],
    ['Compliance date', car.compliance_date],
    ['Location', car.location?.name],
  ]);
}

/** Used-car extras: registration and the kilometres a used buyer checks. */
export function usedCarExtras(car: Car): Spec[] {
  if (car.car_type !== 'used') return [];
  return specs([
    ['Registration', car.regplate],
    ['Registration expiry', car.rego_expiry],
    ['Odometer', car.km, formatKm],
  ]);
}

/** Caravan specifications (SPEC 3: lengths in feet, masses in kg); empty for other vehicles. */
export function caravanSpecifications(car: Car): Spec[] {
  if ((car.item_type ?? '').toLowerCase() !== 'caravan' || !car.specifications) return [];
  const s = car.specifications;
  const feet = (value: number) => `${value} ft`;
  return specs([
    ['Body length', s.body_length, feet],
    ['Body width', s.body_width, feet],
    ['Tare weight', s.tare_weight, unit('kg')],
    ['Aggregate trailer mass', s.aggregate_trailer_mass, unit('kg')],
    ['Axle type', s.axle_type],
    ['Sleeps', s.sleeps],
  ]);
}
