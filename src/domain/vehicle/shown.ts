/**
 * What a vehicle page shows for a car's status and price (SPEC 4, 5): one rule for the page the
 * build writes and for the page correcting itself from view.json's live car_fields, so a page
 * corrected live shows what a page built in that state shows.
 */
import type { Car } from '../../feeds/schemas';
import {
  calculatorStart,
  showsCalculator,
  weeklyEstimate,
  type CalculatorSettings,
  type FinanceSettings,
  type WeeklyEstimate,
} from '../finance/estimate';
import { hasPrice } from '../price-display';
import { isAvailable } from '../stock';
import { imageTag, type ImageTag, type TagSettings } from '../tags';
import { belowMarketBy } from './market';
import { vehicleActions, type ActionSettings, type VehicleActions } from './status';
import { showsTradeIn } from './trade-in';

/** The car fields the rule reads; the page carries them (JSON) for the live correction. */
export type ShownCar = Pick<
  Car,
  | 'status'
  | 'sold'
  | 'reserved'
  | 'price'
  | 'price_type'
  | 'before_price'
  | 'autograb_data'
  | 'finance_lenders'
  | 'make'
  | 'year'
  | 'dealership_slug'
  | 'simple_fuel'
  | 'fuel'
  | 'certified'
  | 'car_type'
  | 'tag'
  | 'created_at'
> & {
  /** The fuel calculator's own rule (not electric, not a caravan): it does not depend on status. */
  fuelCalculator: boolean;
  /** The car has Price Comparison (autogauge) data. */
  gauge: boolean;
};

/** The site's settings the rule reads. */
export interface ShownSettings {
  actions: ActionSettings;
  /** features.trade_in_valuation */
  tradeInValuation: boolean;
  finance: FinanceSettings &
    CalculatorSettings & { calculator: { variant: 'enquire_link' | 'enquiry_modal' } };
  /** features.autogauge */
  autogauge: boolean;
  /** delivery.enabled */
  delivery: boolean;
  tags: TagSettings;
  /** The build's time (the just-arrived tag is worked out at it). */
  builtAt: string;
}

export interface VehicleShown {
  available: boolean;
  /** Price shown as a figure (available and priced). */
  priced: boolean;
  /** An available car without a price: 'Price on application'. */
  priceOnApplication: boolean;
  wasPrice?: number | undefined;
  /** Dollars below the market price, for the market badge. */
  belowMarket?: number | undefined;
  /** The weekly estimate of the sidebar and sticky header. */
  weekly?: WeeklyEstimate | undefined;
  tag?: ImageTag | undefined;
  actions: VehicleActions;
  tradeIn: boolean;
  /** The Finance Calculator, and the 'Get Finance Now' block beside it (not in the enquiry-modal variant). */
  financeCalculator: boolean;
  getFinance: boolean;
  gauge: boolean;
  fuel: boolean;
  delivery: boolean;
  /** The enquiry, test drive and photo request forms (#enquire). */
  enquiryForms: boolean;
  /** 'This vehicle has been sold' and the sticky header's finance button. */
  soldNotice: boolean;
  financeLink: boolean;
  /** Save to Watchlist shows for a sold car only once saved (SPEC 4). */
  watchlistForAll: boolean;
}

export function vehicleShown(car: ShownCar, settings: ShownSettings): VehicleShown {
  const available = isAvailable(car);
  const priced = available && hasPrice(car.price);
  const financeCalculator = available && showsCalculator(car, settings.finance);
  return {
    available,
    priced,
    priceOnApplication: available && !priced,
    wasPrice:
      priced && typeof car.before_price === 'number' && car.before_price > car.price!
        ? car.before_price
        : undefined,
    belowMarket: priced ? belowMarketBy(car) : undefined,
    weekly: available ? weeklyEstimate(car, settings.finance) : undefined,
    tag: imageTag(car, settings.tags, Date.parse(settings.builtAt)),
    actions: vehicleActions(car, settings.actions),
    tradeIn: showsTradeIn(car, settings.tradeInValuation),
    financeCalculator,
    getFinance: financeCalculator && settings.finance.calculator.variant !== 'enquiry_modal',
    gauge: available && settings.autogauge && car.gauge,
    fuel: available && car.fuelCalculator,
    delivery: available && settings.delivery,
    enquiryForms: available,
    soldNotice: !available,
    financeLink: available,
    watchlistForAll: available,
  };
}

/** view.json's car_fields: what the live stock says now. */
export interface LiveFields {
  status?: unknown;
  sold?: unknown;
  reserved?: unknown;
  price?: unknown;
  price_type?: unknown;
}

/**
 * The car as the live stock has it. A lender's own repayment quote (paymentWeek, paymentMonth,
 * totalPayable) was worked out for the old price: with a new price the calculator's maths on the
 * new price stands instead, as the next feed would quote it.
 */
export function withLiveFields<
  T extends Pick<Car, 'status' | 'sold' | 'reserved' | 'price' | 'price_type' | 'finance_lenders'>,
>(car: T, live: LiveFields): T {
  const status = typeof live.status === 'string' ? (live.status as Car['status']) : car.status;
  const next: T = { ...car, status, sold: live.sold === true, reserved: live.reserved === true };
  if (hasPrice(live.price) && live.price !== car.price) {
    next.price = live.price;
    if (typeof live.price_type === 'string') next.price_type = live.price_type;
    next.finance_lenders = repriced(car.finance_lenders);
  }
  return next;
}

function repriced(lenders: Car['finance_lenders']): Car['finance_lenders'] {
  if (!lenders) return lenders;
  return Object.fromEntries(
    Object.entries(lenders).map(([key, figures]) => [
      key,
      { ...figures, paymentWeek: null, paymentMonth: null, totalPayable: null },
    ]),
  );
}

/** Where the Finance Calculator starts for the car (the island's props), as VehiclePriceTools passes it. */
export function calculatorStartFor(car: ShownCar, settings: ShownSettings) {
  return calculatorStart(car, settings.finance);
}
