/** Small text helpers shared by the generators and the SVG renderers. */

/** URL slug: lower case letters, digits and single dashes. */
export function slugify(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** `$48,990` (whole dollars, as the sites show prices). */
export function dollars(amount: number): string {
  return `$${Math.round(amount).toLocaleString('en-AU')}`;
}

/** `$1,234.56`. */
export function dollarsAndCents(amount: number): string {
  return `$${amount.toLocaleString('en-AU', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}

export function round2(value: number): number {
  return Math.round(value * 100) / 100;
}

/** Retail-style price: rounded to the nearest $1,000 less $10 ($48,990). */
export function retailPrice(amount: number): number {
  return Math.max(990, Math.round(amount / 1000) * 1000 - 10);
}

/** Join list items as prose: "a, b and c". */
export function listInWords(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}
