/** The 'Price Comparison' gauge (SPEC 5, 8, 9): when it shows and what it says. */

/** SPEC 3 autogauge response. */
export interface AutogaugeData {
  fill?: number | null | undefined;
  listing_price?: number | null | undefined;
  market_range_min?: number | null | undefined;
  market_range_max?: number | null | undefined;
  confidence?: number | null | undefined;
  description?: string | null | undefined;
}

/** SPEC 9 constants. */
export const GAUGE = {
  confidenceThreshold: 0.2,
  animationMs: 2500,
  countUpMs: 2000,
  minFillPercent: 20,
  /** Below-market badge when the price is more than this under the average (i.e. 500 or more). */
  belowMarketMargin: 499,
  /** A price must be over this to count as a price. */
  minValidPrice: 10,
} as const;

export const GAUGE_NO_DATA = 'No data returned';
export const GAUGE_FETCH_FAILED = 'Failed to fetch auto gauge data.';

const present = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value);

/** SPEC 5: fill, listing price, range min, range max and confidence all exist, confidence > 0.2, range max >= listing price. */
export function showsPriceComparison(data: AutogaugeData | null | undefined): boolean {
  if (!data) return false;
  const { fill, listing_price, market_range_min, market_range_max, confidence } = data;
  if (![fill, listing_price, market_range_min, market_range_max, confidence].every(present))
    return false;
  return confidence! > GAUGE.confidenceThreshold && market_range_max! >= listing_price!;
}

/** SPEC 5: a price is valid when over 10. */
export function validPrice(value: unknown): value is number {
  return present(value) && value > GAUGE.minValidPrice;
}

/** SPEC 5: below market when the price is more than 499 under the average. */
export function isBelowMarket(price: unknown, average: unknown): boolean {
  return validPrice(price) && validPrice(average) && average - price > GAUGE.belowMarketMargin;
}

/** SPEC 9: the gauge fills at least 20%, at most 100%. */
export function fillPercent(fill: number): number {
  const percent = Math.round(Math.min(1, Math.max(0, fill)) * 100);
  return Math.max(GAUGE.minFillPercent, percent);
}

export interface GaugeView {
  fillPercent: number;
  listingPrice: number;
  min: number;
  max: number;
  description: string;
  belowMarket: boolean;
  /** How far under the average, when below market. */
  savings: number | undefined;
}

/** What the gauge shows, or undefined when it must stay hidden. `average` is the market average when known. */
export function gaugeView(
  data: AutogaugeData | null | undefined,
  average?: number | null,
): GaugeView | undefined {
  if (!showsPriceComparison(data)) return undefined;
  const listingPrice = data!.listing_price!;
  const mean = present(average) ? average : (data!.market_range_min! + data!.market_range_max!) / 2;
  const belowMarket = isBelowMarket(listingPrice, mean);
  return {
    fillPercent: fillPercent(data!.fill!),
    listingPrice,
    min: data!.market_range_min!,
    max: data!.market_range_max!,
    description: data!.description ?? '',
    belowMarket,
    savings: belowMarket ? Math.round(mean - listingPrice) : undefined,
  };
}

/** Count-up value at `elapsed` ms of the SPEC's 2 s count-up (ease-out), ending exactly on `target`. */
export function countUpValue(
  target: number,
  elapsed: number,
  duration: number = GAUGE.countUpMs,
): number {
  if (elapsed >= duration) return target;
  const t = Math.max(0, elapsed) / duration;
  return Math.round(target * (1 - (1 - t) ** 3));
}
