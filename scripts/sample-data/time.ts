/** Date helpers. Everything is computed from an explicit `now`, never from the clock. */

export const MINUTE_MS = 60_000;
export const HOUR_MS = 3_600_000;
export const DAY_MS = 86_400_000;

/** Dealer feeds are written in Australian Eastern Standard Time (Brisbane has no daylight saving). */
const AEST_OFFSET_MS = 10 * HOUR_MS;

/** Midnight UTC of the day `ms` falls on. */
export function startOfUtcDay(ms: number): number {
  return Math.floor(ms / DAY_MS) * DAY_MS;
}

/** `2025-06-01` (UTC calendar day). */
export function utcDay(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

const pad = (value: number) => String(value).padStart(2, '0');

/** `2025-06-01T09:30:00+10:00`: the instant `ms` in AEST, as dealer systems export it. */
export function isoAest(ms: number): string {
  const local = new Date(Math.round(ms / 1000) * 1000 + AEST_OFFSET_MS);
  return `${local.toISOString().slice(0, 19)}+10:00`;
}

/** The AEST calendar date of `ms` as `2025-06-01`. */
export function aestDay(ms: number): string {
  return new Date(ms + AEST_OFFSET_MS).toISOString().slice(0, 10);
}

/** `03/2023` (month/year), the way compliance and build plates are quoted. */
export function monthYear(year: number, month: number): string {
  return `${pad(month)}/${year}`;
}

export function unixSeconds(ms: number): number {
  return Math.floor(ms / 1000);
}

/** A calendar date (no time zone) as `YYYY-MM-DD`. */
export function calendarDate(year: number, month: number, day: number): string {
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.toISOString().slice(0, 10);
}

/** Rails' distance_of_time_in_words, as the review API returns it: "about 2 months", "3 days". */
export function railsTimeAgo(fromMs: number, toMs: number): string {
  const minutes = Math.round((toMs - fromMs) / MINUTE_MS);
  if (minutes < 1) return 'less than a minute';
  if (minutes < 45) return minutes === 1 ? '1 minute' : `${minutes} minutes`;
  if (minutes < 90) return 'about 1 hour';
  if (minutes < 1440) return `about ${Math.round(minutes / 60)} hours`;
  if (minutes < 2520) return '1 day';
  if (minutes < 43200) return `${Math.round(minutes / 1440)} days`;
  if (minutes < 86400)
    return `about ${Math.round(minutes / 43200)} month${minutes < 64800 ? '' : 's'}`;
  if (minutes < 525600) return `${Math.round(minutes / 43200)} months`;
  const years = Math.floor(minutes / 525600);
  const remainder = minutes % 525600;
  if (remainder < 131400) return `about ${years} year${years === 1 ? '' : 's'}`;
  if (remainder < 394200) return `over ${years} year${years === 1 ? '' : 's'}`;
  return `almost ${years + 1} years`;
}

/** Google-review style relative dates: "a week ago", "3 months ago", "a year ago". */
export function googleTimeAgo(fromMs: number, toMs: number): string {
  const days = Math.floor((toMs - fromMs) / DAY_MS);
  const unit = (count: number, name: string) =>
    count <= 1 ? `a${name === 'hour' ? 'n' : ''} ${name} ago` : `${count} ${name}s ago`;
  if (days < 1) return unit(Math.max(1, Math.floor((toMs - fromMs) / HOUR_MS)), 'hour');
  if (days < 7) return unit(days, 'day');
  if (days < 30) return unit(Math.floor(days / 7), 'week');
  if (days < 365) return unit(Math.floor(days / 30), 'month');
  return unit(Math.floor(days / 365), 'year');
}
