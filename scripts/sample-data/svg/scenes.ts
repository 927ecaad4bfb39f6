/** Non-vehicle images: placeholder, brand wordmarks, dealership buildings and offer banners. */
import type { Shape } from '../catalogue/types';
import { xmlText as xml } from '../../../src/domain/xml-text';
import { luma, shade, studio, svgDoc } from './common';
import { front34 } from './exterior';
import { sideView } from './side';

const FONT = 'font-family="Arial,Helvetica,sans-serif"';

/** The fallback shown when a car has no usable image. */
export function notFoundSvg(): string {
  return svgDoc(
    600,
    400,
    'Image coming soon',
    `<rect width="600" height="400" fill="#eceff2"/><rect x="250" y="130" width="100" height="72" rx="12" fill="#b8c0c8"/><rect x="280" y="118" width="40" height="18" rx="4" fill="#b8c0c8"/>` +
      `<circle cx="300" cy="166" r="24" fill="#eceff2"/><circle cx="300" cy="166" r="14" fill="#b8c0c8"/>` +
      `<text x="300" y="250" text-anchor="middle" ${FONT} font-size="22" fill="#6b7580">Image coming soon</text>`,
  );
}

/** A 76x65 text wordmark (not any real brand's artwork). */
export function brandLogoSvg(name: string, colour: string): string {
  // Long names break over two lines, at a space or after a hyphen ("Mercedes-" / "Benz").
  const words = name.length > 9 ? name.replace(/-(?=\S)/, '- ').split(' ') : [name];
  const half = Math.ceil(words.length / 2);
  const lines =
    words.length > 1
      ? [words.slice(0, half), words.slice(half)].map((part) => part.join(' ').replace(/- /g, '-'))
      : [name];
  const size = lines.length > 1 ? 13 : name.length <= 4 ? 22 : 16;
  const text = lines
    .map((line, i) => {
      const y = lines.length > 1 ? 30 + i * 16 : 38 + size * 0.1;
      const width = line.length * size * 0.62;
      const fit = width > 68 ? ` textLength="68" lengthAdjust="spacingAndGlyphs"` : '';
      return `<text x="38" y="${y.toFixed(0)}" text-anchor="middle" ${FONT} font-weight="700" font-size="${size}"${fit} fill="${colour}">${xml(line.toUpperCase())}</text>`;
    })
    .join('');
  return svgDoc(76, 65, `${name} logo`, `<rect width="76" height="65" rx="6" fill="#fff"/>${text}`);
}

/** A model range image: the body shape in a signature paint. */
export function modelSvg(title: string, shape: Shape, paint: string): string {
  return svgDoc(600, 400, title, front34(shape, paint));
}

function fitText(text: string, maxWidth: number, size: number): string {
  return text.length * size * 0.58 > maxWidth
    ? ` textLength="${maxWidth}" lengthAdjust="spacingAndGlyphs"`
    : '';
}

/** A dealership building with the location's name on the fascia. */
export function locationSvg(name: string, colour: string, kind: string): string {
  const fascia = luma(colour) > 150 ? '#1d2430' : '#ffffff';
  const label = name.toUpperCase();
  const body =
    `<rect width="600" height="400" fill="#cfe3f2"/><rect y="300" width="600" height="100" fill="#9aa3ab"/><rect y="296" width="600" height="8" fill="#c3c9ce"/>` +
    `<rect x="60" y="130" width="480" height="170" fill="#e9ecef"/><rect x="60" y="100" width="480" height="44" fill="${colour}"/>` +
    `<text x="300" y="130" text-anchor="middle" ${FONT} font-weight="700" font-size="22"${fitText(label, 440, 22)} fill="${fascia}">${xml(label)}</text>` +
    (kind === 'service' || kind === 'parts'
      ? `<rect x="90" y="170" width="130" height="130" fill="#5c6670"/><path d="M90 190h130M90 210h130M90 230h130M90 250h130M90 270h130" stroke="#707b86" stroke-width="4"/><rect x="250" y="170" width="130" height="130" fill="#5c6670"/><path d="M250 190h130M250 210h130M250 230h130M250 250h130M250 270h130" stroke="#707b86" stroke-width="4"/><rect x="410" y="170" width="100" height="90" fill="#8fb3cf"/>`
      : `<rect x="80" y="160" width="440" height="140" fill="#8fb3cf"/><path d="M168 160v140M256 160v140M344 160v140M432 160v140" stroke="#e9ecef" stroke-width="6"/>`) +
    `<rect x="556" y="80" width="12" height="220" fill="#8a939c"/><rect x="540" y="60" width="44" height="60" rx="4" fill="${colour}"/>` +
    `<circle cx="30" cy="250" r="34" fill="#5f8d4e"/><rect x="26" y="270" width="8" height="30" fill="#6b4f35"/>`;
  return svgDoc(600, 400, `${name} dealership`, body);
}

/** An offer banner: headline and price on the left, the vehicle on the right. */
export function offerSvg(
  title: string,
  line: string,
  colour: string,
  shape: Shape,
  paint: string,
): string {
  const text = luma(colour) > 150 ? '#111' : '#fff';
  const words = title.split(' ');
  const lines: string[] = [];
  for (const word of words) {
    const last = lines[lines.length - 1];
    if (last !== undefined && (last + ' ' + word).length <= 20)
      lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word);
  }
  const heading = lines
    .slice(0, 3)
    .map(
      (l, i) =>
        `<text x="40" y="${110 + i * 44}" ${FONT} font-weight="700" font-size="38"${fitText(l, 380, 38)} fill="${text}">${xml(l)}</text>`,
    )
    .join('');
  const body =
    `<rect width="800" height="400" fill="${colour}"/><path d="M420 0H800V400H340Z" fill="${shade(colour, 0.15)}"/>${heading}` +
    `<text x="40" y="${130 + Math.min(lines.length, 3) * 44}" ${FONT} font-size="22"${fitText(line, 380, 22)} fill="${text}">${xml(line)}</text>` +
    `<g transform="translate(380 70) scale(.68)">${studio().replace(/<rect[^>]*\/>/g, '')}${sideView(shape, paint)}</g>`;
  return svgDoc(800, 400, title, body);
}
