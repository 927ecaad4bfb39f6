import { lenderFor } from '../../src/domain/finance/estimate';
import { comparisonBasisText, INDICATIVE_DISCLAIMER } from '../../src/domain/finance/disclaimer';
import type { ApiApp } from '../types';

/**
 * GET /api/finance/disclaimer/{car_id} -> { car_id, disclaimer, indicative, interest_rate,
 * comparison_rate }: the finance disclaimer for a car (SPEC 7 "finance disclaimer by car id").
 * Without lender figures the standard comparison-rate basis is given.
 */
export function financeDisclaimerRoutes(app: ApiApp): void {
  app.get('/finance/disclaimer/:carId', (c) => {
    const carId = c.req.param('carId');
    const { cars, tenant } = c.get('site');
    const car = cars.find((item) => String(item.id) === carId);
    if (!car) return c.json({ error: `No listed car with id "${carId}".` }, 404);
    const lender = lenderFor(car, tenant.finance.provider);
    return c.json({
      car_id: car.id,
      disclaimer: lender?.disclaimer ?? comparisonBasisText(),
      indicative: INDICATIVE_DISCLAIMER,
      interest_rate: lender?.interestRate ?? null,
      comparison_rate: lender?.comparisonRate ?? null,
    });
  });
}
