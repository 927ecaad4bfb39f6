/** An offer or promo runs from `start` (inclusive) until `expiry` (exclusive); missing bounds are open. */
export function isRunning(item: { start?: string | null; expiry?: string | null }, nowMs: number): boolean {
  if (item.start && Date.parse(item.start) > nowMs) return false;
  if (item.expiry && Date.parse(item.expiry) <= nowMs) return false;
  return true;
}
