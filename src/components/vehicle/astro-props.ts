/**
 * A value as Astro writes an island's props attribute (astro/runtime/server/serialize): plain
 * values [0, value], arrays [1, [...]], objects [0, {key: ...}], undefined [0], Infinity [11, 1]. Enough for the
 * plain JSON data the live correction rewrites (the Finance Calculator's start).
 */
export function astroProp(value: unknown): unknown {
  if (value === undefined) return [0];
  if (Array.isArray(value)) return [1, value.map(astroProp)];
  if (value !== null && typeof value === 'object')
    return [
      0,
      Object.fromEntries(Object.entries(value).map(([key, item]) => [key, astroProp(item)])),
    ];
  if (value === Infinity || value === -Infinity) return [11, value > 0 ? 1 : -1];
  return [0, value];
}
