/**
 * Australian public holidays by state, computed for any year (fixed dates, Easter and the
 * "nth Monday" rules), so special hours always cover the months after the generation date.
 */
import type { StateCode } from './places';
import { calendarDate } from './time';

export interface Holiday {
  date: string;
  name: string;
  /** Retail trading is commonly allowed (reduced hours) rather than banned. */
  tradingAllowed: boolean;
}

const ALL: readonly StateCode[] = ['ACT', 'NSW', 'NT', 'QLD', 'SA', 'TAS', 'VIC', 'WA'];

/** Easter Sunday (anonymous Gregorian algorithm) as [month, day]. */
function easterSunday(year: number): [number, number] {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return [month, day];
}

const weekday = (year: number, month: number, day: number) =>
  new Date(Date.UTC(year, month - 1, day)).getUTCDay();

/** The nth (1-based) given weekday of a month; n = -1 for the last. */
function nthWeekday(year: number, month: number, dow: number, n: number): number {
  if (n > 0) {
    const first = weekday(year, month, 1);
    return 1 + ((dow - first + 7) % 7) + (n - 1) * 7;
  }
  const lastDay = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const last = weekday(year, month, lastDay);
  return lastDay - ((last - dow + 7) % 7);
}

const MONDAY = 1;

/** Holidays observed in `state` during `year`, sorted by date. */
export function holidaysFor(state: StateCode, year: number, brisbaneArea = false): Holiday[] {
  const list: (Holiday & { states: readonly StateCode[] })[] = [];
  const add = (
    month: number,
    day: number,
    name: string,
    states: readonly StateCode[],
    tradingAllowed = false,
  ) => list.push({ date: calendarDate(year, month, day), name, states, tradingAllowed });

  add(1, 1, "New Year's Day", ALL);
  // Australia Day moves to Monday when it falls on a weekend.
  const ausDow = weekday(year, 1, 26);
  add(1, ausDow === 6 ? 28 : ausDow === 0 ? 27 : 26, 'Australia Day', ALL, true);
  add(3, nthWeekday(year, 3, MONDAY, 1), 'Labour Day', ['WA'], true);
  add(3, nthWeekday(year, 3, MONDAY, 2), 'Labour Day', ['VIC'], true);
  add(3, nthWeekday(year, 3, MONDAY, 2), 'Eight Hours Day', ['TAS'], true);
  add(3, nthWeekday(year, 3, MONDAY, 2), 'Canberra Day', ['ACT'], true);
  add(3, nthWeekday(year, 3, MONDAY, 2), 'Adelaide Cup Day', ['SA'], true);
  const [em, ed] = easterSunday(year);
  const easter = Date.UTC(year, em - 1, ed);
  const shift = (days: number): [number, number] => {
    const date = new Date(easter + days * 86_400_000);
    return [date.getUTCMonth() + 1, date.getUTCDate()];
  };
  add(...shift(-2), 'Good Friday', ALL);
  add(...shift(-1), 'Easter Saturday', ['ACT', 'NSW', 'NT', 'QLD', 'SA', 'VIC'], true);
  add(...shift(1), 'Easter Monday', ALL, true);
  add(4, 25, 'Anzac Day', ALL);
  add(5, nthWeekday(year, 5, MONDAY, 1), 'Labour Day', ['QLD'], true);
  add(5, nthWeekday(year, 5, MONDAY, 1), 'May Day', ['NT'], true);
  add(6, nthWeekday(year, 6, MONDAY, 1), 'Western Australia Day', ['WA'], true);
  add(
    6,
    nthWeekday(year, 6, MONDAY, 2),
    "King's Birthday",
    ['ACT', 'NSW', 'NT', 'SA', 'TAS', 'VIC'],
    true,
  );
  add(8, nthWeekday(year, 8, MONDAY, 1), 'Picnic Day', ['NT'], true);
  if (brisbaneArea) {
    // Ekka: the Wednesday of show week, which starts the first Friday in August (second if before the 5th).
    const firstFriday = nthWeekday(year, 8, 5, 1);
    add(
      8,
      (firstFriday < 5 ? firstFriday + 7 : firstFriday) + 5,
      'Royal Queensland Show (Ekka)',
      ['QLD'],
      true,
    );
  }
  add(9, nthWeekday(year, 9, MONDAY, -1), "King's Birthday", ['WA'], true);
  add(10, nthWeekday(year, 10, MONDAY, 1), 'Labour Day', ['ACT', 'NSW', 'SA'], true);
  add(10, nthWeekday(year, 10, MONDAY, 1), "King's Birthday", ['QLD'], true);
  add(11, nthWeekday(year, 11, 2, 1), 'Melbourne Cup Day', ['VIC'], true);
  add(12, 25, 'Christmas Day', ALL);
  add(12, 26, state === 'SA' ? 'Proclamation Day' : 'Boxing Day', ALL, true);
  return list
    .filter((holiday) => holiday.states.includes(state))
    .map(({ date, name, tradingAllowed }) => ({ date, name, tradingAllowed }))
    .sort((a, b) => a.date.localeCompare(b.date));
}

/** Holidays in `state` from `fromDay` (inclusive) for `days` days. */
export function upcomingHolidays(
  state: StateCode,
  fromDay: string,
  days: number,
  brisbaneArea = false,
): Holiday[] {
  const start = Date.parse(`${fromDay}T00:00:00Z`);
  const end = calendarDate(
    new Date(start).getUTCFullYear(),
    new Date(start).getUTCMonth() + 1,
    new Date(start).getUTCDate() + days,
  );
  const year = new Date(start).getUTCFullYear();
  return [
    ...holidaysFor(state, year, brisbaneArea),
    ...holidaysFor(state, year + 1, brisbaneArea),
  ].filter((h) => h.date >= fromDay && h.date < end);
}
