import { useRef, useState } from 'react';
import { FUEL_DEFAULTS, formatFuelCost, weeklyFuelCost } from '../../domain/fuel';
import { parseAmount } from '../../domain/finance/inputs';
import { useEarlyInput } from '../early-input';
import { NumberField } from './NumberField';

export interface FuelCalculatorProps {
  /** The car's combined consumption in L/100 km (SPEC default 10 when unknown). */
  consumption: number;
}

/** SPEC 5 fuel calculator: weekly cost = distance / 100 x consumption x price. */
export default function FuelCalculator({ consumption }: FuelCalculatorProps) {
  const [price, setPrice] = useState(FUEL_DEFAULTS.price.toFixed(2));
  const [distance, setDistance] = useState(String(FUEL_DEFAULTS.distance));
  const [usage, setUsage] = useState(String(consumption));
  const root = useRef<HTMLDivElement>(null);
  useEarlyInput(root);
  const cost = weeklyFuelCost(parseAmount(distance), parseAmount(usage), parseAmount(price));
  return (
    <div className="fuel-calculator" ref={root}>
      <div className="fuel-calculator__inputs">
        <NumberField
          name="fuel_price"
          label="Fuel price ($ per litre)"
          range={{ min: 0, max: 10, step: 0.01 }}
          value={price}
          onChange={setPrice}
        />
        <NumberField
          name="distance"
          label="Distance per week (km)"
          range={{ min: 0, max: 10000, step: 1 }}
          value={distance}
          onChange={setDistance}
        />
        <NumberField
          name="consumption"
          label="Fuel consumption (L/100 km)"
          range={{ min: 0, max: 100, step: 0.1 }}
          value={usage}
          onChange={setUsage}
        />
      </div>
      <p className="fuel-calculator__result" role="status" aria-live="polite">
        Estimated weekly fuel cost: <strong data-testid="fuel-cost">{formatFuelCost(cost)}</strong>
      </p>
    </div>
  );
}
