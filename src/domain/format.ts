/** Australian display formats: whole dollars, km, phone numbers. */

// Whole numbers are grouped by hand (en-AU: threes, with commas), cents by one Intl formatter made
// on first use. Intl formatters are slow to build: one per call (toLocaleString with options) cost
// a build 0.35 s per 1,000 pages, and the first one a browser page builds costs about 40 ms of main
// thread (ICU data), which the vehicle page would pay at load for its views count.
let withCentsFormat: Intl.NumberFormat | undefined;
const withCents = () =>
  (withCentsFormat ??= new Intl.NumberFormat('en-AU', {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }));

/** "12,345" (rounded to a whole number). */
function groupDigits(value: number): string {
  const rounded = Math.round(value);
  const grouped = String(Math.abs(rounded)).replace(/\B(?=(\d{3})+$)/g, ',');
  return rounded < 0 ? `-${grouped}` : grouped;
}

/** "$12,345": AUD with thousands separators and no cents (rounded). */
export function formatPrice(amount: number): string {
  const rounded = Math.round(amount);
  return `${rounded < 0 ? '-' : ''}$${groupDigits(Math.abs(rounded))}`;
}

/** "$42.50": dollars and cents. */
export function formatCents(amount: number): string {
  return `${amount < 0 ? '-' : ''}$${withCents().format(Math.abs(amount))}`;
}

/** "12,345 km" */
export function formatKm(km: number): string {
  return `${groupDigits(km)} km`;
}

export function formatNumber(value: number): string {
  return groupDigits(value);
}

/**
 * SPEC 9 phone display: +61 becomes 0 and a ten-digit number is grouped 2-4-4 ("07 3245 6100").
 * 1300/1800 numbers keep 4-3-3 and 13 numbers 2-2-2; anything else is returned as typed.
 */
export function formatPhone(phone: string): string {
  let digits = phone.replace(/[^\d+]/g, '');
  if (digits.startsWith('+61')) digits = `0${digits.slice(3)}`;
  else if (digits.startsWith('61') && digits.length === 11) digits = `0${digits.slice(2)}`;
  digits = digits.replace(/\D/g, '');
  if (/^1[38]00\d{6}$/.test(digits))
    return `${digits.slice(0, 4)} ${digits.slice(4, 7)} ${digits.slice(7)}`;
  if (/^13\d{4}$/.test(digits))
    return `${digits.slice(0, 2)} ${digits.slice(2, 4)} ${digits.slice(4)}`;
  if (/^0\d{9}$/.test(digits))
    return `${digits.slice(0, 2)} ${digits.slice(2, 6)} ${digits.slice(6)}`;
  return phone.trim();
}

/** A tel: URI for a displayed number ("tel:0732456100"). */
export function telHref(phone: string): string {
  return `tel:${formatPhone(phone).replace(/\s/g, '')}`;
}
