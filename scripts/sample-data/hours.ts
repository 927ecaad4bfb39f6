/**
 * Opening hours per department and special (holiday) hours. Patterns mirror real dealerships:
 * the same hours Monday to Friday, sometimes a late Thursday, a short Saturday, Sunday closed,
 * and service departments that often close on Saturday.
 */
import type { z } from 'zod';
import type { OpeningHourSchema, SpecialHoursSchema } from '../../src/feeds/schemas';
import { upcomingHolidays } from './holidays';
import type { StateCode } from './places';
import type { Rng } from './random';
import { aestDay } from './time';

export type OpeningHour = z.input<typeof OpeningHourSchema>;
export type SpecialHoursInput = z.input<typeof SpecialHoursSchema>;
export type Department = 'sales' | 'service' | 'parts';

/** "8:30 AM" from "08:30". */
function clock(time: string): string {
  const [h = 0, m = 0] = time.split(':').map(Number);
  return `${((h + 11) % 12) + 1}:${String(m).padStart(2, '0')} ${h < 12 ? 'AM' : 'PM'}`;
}

function open(weekday: number, from: string, to: string): OpeningHour {
  return {
    weekday,
    status: 'Open',
    open: from,
    close: to,
    formated_hours: `${clock(from)} - ${clock(to)}`,
  };
}

function closed(weekday: number): OpeningHour {
  return { weekday, status: 'Closed', open: null, close: null, formated_hours: 'Closed' };
}

/** A week of hours (weekday 0 = Sunday) for one department. */
export function weeklyHours(rng: Rng, department: Department): OpeningHour[] {
  const week: OpeningHour[] = [closed(0)];
  if (department === 'sales') {
    const [from, to] = rng.pick([
      ['08:30', '17:30'],
      ['08:30', '17:30'],
      ['08:00', '17:30'],
      ['09:00', '17:30'],
      ['08:30', '18:00'],
    ] as const);
    const lateThursday = rng.chance(0.35) ? rng.pick(['19:00', '20:00']) : null;
    for (let day = 1; day <= 5; day++)
      week.push(open(day, from, day === 4 && lateThursday ? lateThursday : to));
    const [satFrom, satTo] = rng.pick([
      ['08:30', '16:00'],
      ['09:00', '16:00'],
      ['08:30', '15:00'],
      ['09:00', '13:00'],
    ] as const);
    week.push(open(6, satFrom, satTo));
  } else {
    const [from, to] =
      department === 'service'
        ? rng.pick([
            ['07:00', '17:30'],
            ['07:30', '17:30'],
            ['07:00', '17:00'],
          ] as const)
        : rng.pick([
            ['07:30', '17:00'],
            ['08:00', '17:00'],
          ] as const);
    for (let day = 1; day <= 5; day++) week.push(open(day, from, to));
    week.push(
      rng.chance(department === 'service' ? 0.45 : 0.6) ? open(6, '08:00', '12:00') : closed(6),
    );
  }
  return week;
}

/** About seven months ahead, so Christmas and New Year are listed from early June onwards. */
const HOLIDAY_WINDOW_DAYS = 215;

export interface HoursTarget {
  id: number;
  type: Department;
  state: StateCode;
  brisbaneArea: boolean;
}

/**
 * Public holidays for the next seven months at every location: mostly closed; sales yards often
 * trade reduced hours where retail trading is allowed (and from 1 PM on Anzac Day). Entries of
 * every fifth location use the alternative `location: { id }` / `hours: { begin, end }` form.
 */
export function specialHours(
  rng: Rng,
  locations: readonly HoursTarget[],
  nowMs: number,
): SpecialHoursInput[] {
  const today = aestDay(nowMs);
  const entries: SpecialHoursInput[] = [];
  locations.forEach((location, index) => {
    const altForm = index % 5 === 4;
    for (const holiday of upcomingHolidays(
      location.state,
      today,
      HOLIDAY_WINDOW_DAYS,
      location.brisbaneArea,
    )) {
      let hours: [string, string] | null = null;
      if (location.type === 'sales' && holiday.tradingAllowed && rng.chance(0.45))
        hours = rng.pick([
          ['10:00', '16:00'],
          ['09:00', '15:00'],
          ['10:00', '15:00'],
        ]);
      if (location.type === 'sales' && holiday.name === 'Anzac Day' && rng.chance(0.4))
        hours = ['13:00', '17:00'];
      const status = hours ? 'Open' : 'Closed';
      entries.push(
        altForm
          ? {
              date: holiday.date,
              status,
              name: holiday.name,
              location: { id: location.id },
              hours: hours ? { begin: hours[0], end: hours[1] } : null,
            }
          : {
              date: holiday.date,
              status,
              name: holiday.name,
              location_id: location.id,
              start_hour: hours?.[0] ?? null,
              end_hour: hours?.[1] ?? null,
            },
      );
    }
  });
  return entries.sort((a, b) => a.date.localeCompare(b.date));
}
