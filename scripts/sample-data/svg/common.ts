/** SVG building blocks shared by every generated image. */
import { xmlText as xml } from '../../../src/domain/xml-text';

/** A complete, standalone SVG document with an accessible title. */
export function svgDoc(
  width: number,
  height: number,
  title: string,
  body: string,
  defs = '',
): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img">` +
    `<title>${xml(title)}</title>${defs ? `<defs>${defs}</defs>` : ''}${body}</svg>\n`
  );
}

function channels(hex: string): [number, number, number] {
  const value = parseInt(hex.slice(1), 16);
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255];
}

function toHex([r, g, b]: [number, number, number]): string {
  return `#${[r, g, b]
    .map((c) =>
      Math.round(Math.min(255, Math.max(0, c)))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}

/** Blend two colours: t = 0 gives `a`, t = 1 gives `b`. */
export function mix(a: string, b: string, t: number): string {
  const ca = channels(a);
  const cb = channels(b);
  return toHex([
    ca[0] + (cb[0] - ca[0]) * t,
    ca[1] + (cb[1] - ca[1]) * t,
    ca[2] + (cb[2] - ca[2]) * t,
  ]);
}

/** Lighten (amount > 0) or darken (amount < 0) a colour. */
export function shade(hex: string, amount: number): string {
  return amount >= 0 ? mix(hex, '#ffffff', amount) : mix(hex, '#000000', -amount);
}

/** Perceived brightness 0-255, to pick a readable outline or text colour. */
export function luma(hex: string): number {
  const [r, g, b] = channels(hex);
  return 0.299 * r + 0.587 * g + 0.114 * b;
}

/** An outline that stays visible on both light and dark paint. */
export function outline(hex: string): string {
  return luma(hex) > 200 ? shade(hex, -0.35) : shade(hex, -0.45);
}

type Point = readonly [number, number];

/** A closed path through `points` with every corner rounded by up to `radius`. */
export function roundedPath(points: readonly Point[], radius: number): string {
  const n = points.length;
  let d = '';
  for (let i = 0; i < n; i++) {
    const prev = points[(i + n - 1) % n] as Point;
    const cur = points[i] as Point;
    const next = points[(i + 1) % n] as Point;
    const toward = (from: Point, to: Point) => {
      const len = Math.hypot(to[0] - from[0], to[1] - from[1]) || 1;
      const r = Math.min(radius, len / 2);
      return [
        from[0] + ((to[0] - from[0]) * r) / len,
        from[1] + ((to[1] - from[1]) * r) / len,
      ] as Point;
    };
    const a = toward(cur, prev);
    const b = toward(cur, next);
    d += `${i ? 'L' : 'M'}${f(a[0])} ${f(a[1])}Q${f(cur[0])} ${f(cur[1])} ${f(b[0])} ${f(b[1])}`;
  }
  return `${d}Z`;
}

/** A polygon `points` attribute. */
export function pts(points: readonly Point[]): string {
  return points.map(([x, y]) => `${f(x)},${f(y)}`).join(' ');
}

/** Format a coordinate with at most one decimal, to keep files small. */
export function f(value: number): string {
  return String(Math.round(value * 10) / 10);
}

/** Studio backdrop used behind every exterior view: wall, floor and a soft floor line. */
export function studio(ground = 330): string {
  return `<rect width="600" height="400" fill="#e6eaee"/><rect y="${ground - 40}" width="600" height="${440 - ground}" fill="#d3d9df"/><rect y="${ground - 40}" width="600" height="2" fill="#c4cbd2"/>`;
}

/** Soft shadow under a vehicle. */
export function floorShadow(cx: number, ground: number, width: number): string {
  return `<ellipse cx="${f(cx)}" cy="${ground + 2}" rx="${f(width / 2)}" ry="9" fill="#000" opacity=".18"/>`;
}
