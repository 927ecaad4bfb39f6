import { localTime } from './hours';
import { pluralise } from './plural';

/** SPEC 9 sales counter: Brisbane time, 192 sales a day, one every 450 s, refreshed every 150000 ms. */
export const SALES_COUNTER_TIME_ZONE = 'Australia/Brisbane';
export const SALES_PER_DAY = 192;
export const SECONDS_PER_SALE = 450;
export const SALES_COUNTER_REFRESH_MS = 150_000;

/** Sales "so far today": one per 450 s since midnight in Brisbane, 192 by the end of the day. */
export function salesToday(nowMs: number): number {
  const { minutes } = localTime(nowMs, SALES_COUNTER_TIME_ZONE);
  const seconds = minutes * 60 + new Date(nowMs).getUTCSeconds();
  return Math.min(SALES_PER_DAY, Math.floor(seconds / SECONDS_PER_SALE));
}

/** The words after the count: "vehicle sold today across Australia" for one, "vehicles ..." otherwise. */
export function salesTodayText(sales: number): string {
  return `${pluralise(sales, 'vehicle')} sold today across Australia`;
}
