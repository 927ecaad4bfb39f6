import type { Location, OpeningHour, SpecialHours } from '../feeds/schemas';

/** The departments of the hours type selector (SPEC 2). */
export const HOURS_TYPES = ['sales', 'service', 'parts'] as const;
export type HoursType = (typeof HOURS_TYPES)[number];

export const HOURS_TYPE_LABELS: Record<HoursType, string> = {
  sales: 'Sales',
  service: 'Service',
  parts: 'Parts',
};

export interface HoursLine {
  /** "Mon-Fri", "Saturday", ... */
  day: string;
  /** "8:30 AM - 5:30 PM", "Closed" or "By appointment only". */
  hours: string;
}

const DAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
/** Display order: the working week first, Sunday last. */
const WEEK_ORDER = [1, 2, 3, 4, 5, 6, 0];

/** "8:30 AM" from "08:30". */
export function clockTime(time: string): string {
  const [h = 0, m = 0] = time.split(':').map(Number);
  return `${((h + 11) % 12) + 1}:${String(m).padStart(2, '0')} ${h < 12 ? 'AM' : 'PM'}`;
}

function entryText(entry: OpeningHour | undefined): string {
  if (!entry || entry.status === 'Closed') return 'Closed';
  if (entry.open && entry.close) return `${clockTime(entry.open)} - ${clockTime(entry.close)}`;
  return entry.formated_hours?.trim() || 'Open';
}

/**
 * The hours a department keeps across a group of locations: the opening hours of the group's
 * location of that type, else a location's own `service_hours` / `parts_hours`.
 */
export function departmentHours(
  locations: Pick<Location, 'location_type' | 'contact_detail'>[],
  type: HoursType,
): OpeningHour[] | undefined {
  const own = locations.find(
    (location) => location.location_type === type && location.contact_detail.opening_hours.length,
  );
  if (own) return own.contact_detail.opening_hours;
  if (type === 'sales') return undefined;
  const key = type === 'service' ? 'service_hours' : 'parts_hours';
  return locations
    .map((location) => location.contact_detail[key])
    .find((hours) => hours && hours.length);
}

/** Departments of a group that have hours, in selector order. */
export function availableHoursTypes(
  locations: Pick<Location, 'location_type' | 'contact_detail'>[],
): HoursType[] {
  return HOURS_TYPES.filter((type) => departmentHours(locations, type));
}

/**
 * SPEC 2: a week of hours as display lines. Monday to Friday collapse into one "Mon-Fri" line
 * when all five are identical; a closed Saturday reads 'By appointment only' when configured.
 */
export function hoursLines(
  hours: OpeningHour[],
  options: { saturdayByAppointment?: boolean } = {},
): HoursLine[] {
  const byDay = new Map(hours.map((entry) => [entry.weekday, entry]));
  const text = (weekday: number) => {
    const value = entryText(byDay.get(weekday));
    return weekday === 6 && value === 'Closed' && options.saturdayByAppointment
      ? 'By appointment only'
      : value;
  };
  const weekdays = [1, 2, 3, 4, 5].map(text);
  const lines: HoursLine[] = [];
  if (weekdays.every((value) => value === weekdays[0]))
    lines.push({ day: 'Mon-Fri', hours: weekdays[0]! });
  else weekdays.forEach((value, index) => lines.push({ day: DAY_NAMES[index + 1]!, hours: value }));
  for (const weekday of WEEK_ORDER.slice(5))
    lines.push({ day: DAY_NAMES[weekday]!, hours: text(weekday) });
  return lines;
}

const STATE_TIME_ZONES: Record<string, string> = {
  QLD: 'Australia/Brisbane',
  NSW: 'Australia/Sydney',
  ACT: 'Australia/Sydney',
  VIC: 'Australia/Melbourne',
  TAS: 'Australia/Hobart',
  SA: 'Australia/Adelaide',
  NT: 'Australia/Darwin',
  WA: 'Australia/Perth',
};

/** An Australian state's IANA time zone (Sydney when the state is unknown). */
export function timeZoneForState(state: string | undefined): string {
  return STATE_TIME_ZONES[(state ?? '').toUpperCase()] ?? 'Australia/Sydney';
}

/** A location's IANA time zone: its own, else its state's (QLD has no daylight saving). */
export function locationTimeZone(location: Pick<Location, 'time_zone' | 'address'>): string {
  return location.time_zone ?? timeZoneForState(location.address.state);
}

/** Date ("2026-12-25"), weekday (0 Sunday) and minutes after midnight of an instant in a time zone. */
export function localTime(
  nowMs: number,
  timeZone: string,
): { date: string; weekday: number; minutes: number } {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-AU', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      weekday: 'short',
      hourCycle: 'h23',
    })
      .formatToParts(new Date(nowMs))
      .map((part) => [part.type, part.value]),
  );
  const weekday = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'].indexOf(parts.weekday ?? '');
  return {
    date: `${parts.year}-${parts.month}-${parts.day}`,
    weekday,
    minutes: Number(parts.hour) * 60 + Number(parts.minute),
  };
}

function minutesOf(time: string | null | undefined): number | undefined {
  if (!time) return undefined;
  const [h, m] = time.split(':').map(Number);
  return h === undefined || m === undefined || Number.isNaN(h) || Number.isNaN(m)
    ? undefined
    : h * 60 + m;
}

/** Open now, in the location's own time zone; a special hours entry for today wins over the week. */
export function isOpenNow(
  hours: OpeningHour[],
  special: SpecialHours[],
  nowMs: number,
  timeZone: string,
): boolean {
  const { date, weekday, minutes } = localTime(nowMs, timeZone);
  const today = special.find((entry) => entry.date === date);
  const [status, open, close] = today
    ? [today.status, minutesOf(today.start_hour), minutesOf(today.end_hour)]
    : (() => {
        const entry = hours.find((item) => item.weekday === weekday);
        return [
          entry?.status ?? 'Closed',
          minutesOf(entry?.open),
          minutesOf(entry?.close),
        ] as const;
      })();
  if (status !== 'Open') return false;
  if (open === undefined || close === undefined) return true;
  return minutes >= open && minutes < close;
}

export interface HolidayLine {
  date: string;
  /** "Thursday 25 December 2026" */
  day: string;
  name: string | null;
  /** Set when departments of a group keep different hours that day ("Service"). */
  department?: string;
  hours: string;
}

function specialText(entry: SpecialHours): string {
  if (entry.status !== 'Open') return 'Closed';
  return entry.start_hour && entry.end_hour
    ? `${clockTime(entry.start_hour)} - ${clockTime(entry.end_hour)}`
    : 'Open';
}

// Made on first use, not at module load (see format.ts).
let longDateFormat: Intl.DateTimeFormat | undefined;
const longDate = () =>
  (longDateFormat ??= new Intl.DateTimeFormat('en-AU', {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }));

/**
 * Holiday (special) hours of a group of locations from `today` (yyyy-mm-dd) on, by date. A date
 * every department keeps alike is one line; otherwise one line per department, labelled.
 */
export function holidayLines(
  special: SpecialHours[],
  locations: Pick<Location, 'id' | 'location_type'>[],
  today: string,
): HolidayLine[] {
  const typeOf = new Map(locations.map((location) => [location.id, location.location_type]));
  const byDate = new Map<string, SpecialHours[]>();
  for (const entry of special) {
    if (!typeOf.has(entry.location_id) || entry.date < today) continue;
    byDate.set(entry.date, [...(byDate.get(entry.date) ?? []), entry]);
  }
  return [...byDate.keys()].sort().flatMap((date) => {
    const entries = byDate.get(date)!;
    const day = longDate().format(new Date(`${date}T00:00:00Z`));
    const name = entries.find((entry) => entry.name)?.name ?? null;
    const texts = new Set(entries.map(specialText));
    if (texts.size === 1) return [{ date, day, name, hours: specialText(entries[0]!) }];
    return HOURS_TYPES.flatMap((type) => {
      const entry = entries.find((item) => typeOf.get(item.location_id) === type);
      return entry
        ? [{ date, day, name, department: HOURS_TYPE_LABELS[type], hours: specialText(entry) }]
        : [];
    });
  });
}
