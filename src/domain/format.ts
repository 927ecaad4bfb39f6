/** Australian display formats: whole dollars, km, phone numbers. */

// Formatters are made once: building one per call (toLocaleString with options) is slow, and a
// build formats prices on every one of thousands of pages.
const wholeNumber = new Intl.NumberFormat('en-AU', { maximumFractionDigits: 0 });
const withCents = new Intl.NumberFormat('en-AU', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** "$12,345": AUD with thousands separators and no cents (rounded). */
export function formatPrice(amount: number): string {
  const rounded = Math.round(amount);
  return `${rounded < 0 ? '-' : ''}$${wholeNumber.format(Math.abs(rounded))}`;
}

/** "$42.50": dollars and cents. */
export function formatCents(amount: number): string {
  return `${amount < 0 ? '-' : ''}$${withCents.format(Math.abs(amount))}`;
}

/** "12,345 km" */
export function formatKm(km: number): string {
  return `${wholeNumber.format(Math.round(km))} km`;
}

export function formatNumber(value: number): string {
  return wholeNumber.format(value);
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
  if (/^1[38]00\d{6}$/.test(digits)) return `${digits.slice(0, 4)} ${digits.slice(4, 7)} ${digits.slice(7)}`;
  if (/^13\d{4}$/.test(digits)) return `${digits.slice(0, 2)} ${digits.slice(2, 4)} ${digits.slice(4)}`;
  if (/^0\d{9}$/.test(digits)) return `${digits.slice(0, 2)} ${digits.slice(2, 6)} ${digits.slice(6)}`;
  return phone.trim();
}

/** A tel: URI for a displayed number ("tel:0732456100"). */
export function telHref(phone: string): string {
  return `tel:${formatPhone(phone).replace(/\s/g, '')}`;
}
