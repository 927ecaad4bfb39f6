/** Test-drive appointment slots from a location's opening hours (SPEC 3 opening hour entries). */

export interface HoursEntry {
  weekday: number;
  status: 'Open' | 'Closed';
  open?: string | null;
  close?: string | null;
}

export interface SpecialHoursEntry {
  date: string;
  status: 'Open' | 'Closed';
  start?: string | null;
  end?: string | null;
}

export interface Slot {
  /** ISO instant with the location's UTC offset, e.g. 2026-11-24T09:00:00+10:00. */
  start: string;
  /** Local date (YYYY-MM-DD) and time (HH:MM) for the picker. */
  date: string;
  time: string;
}

// The state table lives with the opening-hours rules; the slots API imports it from here too.
export { timeZoneForState } from '../hours';

const minutes = (time: string) => {
  const [hours, mins] = time.split(':').map(Number);
  return hours! * 60 + mins!;
};
const pad = (value: number) => String(value).padStart(2, '0');

/** Local calendar date and UTC offset ("+10:00") of an instant in a time zone. */
function localDate(
  instant: number,
  timeZone: string,
): { date: string; weekday: number; offset: string } {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-AU', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      weekday: 'short',
      timeZoneName: 'longOffset',
    })
      .formatToParts(instant)
      .map((part) => [part.type, part.value]),
  );
  const offset = (parts.timeZoneName ?? 'GMT').replace('GMT', '') || '+00:00';
  return {
    date: `${parts.year}-${parts.month}-${parts.day}`,
    weekday: ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'].indexOf(String(parts.weekday)),
    offset,
  };
}

/**
 * Hourly slots over the next `days` days (starting tomorrow, local time), from opening time to
 * one hour before closing. Closed days and special-hours closures have none; special hours
 * replace the usual hours on their date.
 */
export function testDriveSlots(options: {
  hours: HoursEntry[];
  special?: SpecialHoursEntry[];
  now: number;
  days?: number;
  timeZone: string;
  lengthMinutes?: number;
}): Slot[] {
  const { hours, special = [], now, days = 7, timeZone, lengthMinutes = 60 } = options;
  const slots: Slot[] = [];
  for (let day = 1; day <= days; day++) {
    // Noon UTC of each following day sits on the same local date across Australia.
    const { date, weekday, offset } = localDate(now + day * 86_400_000, timeZone);
    const override = special.find((entry) => entry.date === date);
    let open: string | null | undefined;
    let close: string | null | undefined;
    if (override) {
      if (override.status === 'Closed') continue;
      [open, close] = [override.start, override.end];
    } else {
      const usual = hours.find((entry) => entry.weekday === weekday);
      if (!usual || usual.status !== 'Open') continue;
      [open, close] = [usual.open, usual.close];
    }
    if (!open || !close) continue;
    for (let at = minutes(open); at + lengthMinutes <= minutes(close); at += 60) {
      const time = `${pad(Math.floor(at / 60))}:${pad(at % 60)}`;
      slots.push({ start: `${date}T${time}:00${offset}`, date, time });
    }
  }
  return slots;
}
