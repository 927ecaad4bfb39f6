/** Interior views, coloured by the trim: cabin, infotainment and seats; caravan living areas. */
import { f, shade } from './common';

const SKY =
  '<rect width="600" height="150" fill="#cfe0ee"/><rect y="110" width="600" height="40" fill="#b9c9b0"/>';

/** Dashboard from the driver's seat: wheel, cluster, centre screen and vents. */
export function dashboard(trim: string): string {
  return (
    SKY +
    `<path d="M0 140Q300 100 600 140V400H0Z" fill="#26282c"/><path d="M0 230Q300 200 600 230V260Q300 232 0 262Z" fill="${trim}"/>` +
    `<rect x="330" y="150" width="170" height="96" rx="10" fill="#0f1115" stroke="#45484e" stroke-width="4"/><rect x="342" y="162" width="146" height="72" rx="4" fill="#274a6d"/><path d="M352 210h60M352 222h90" stroke="#7fb0d8" stroke-width="5"/>` +
    `<rect x="130" y="170" width="120" height="50" rx="10" fill="#0f1115"/><path d="M150 200a22 22 0 0 1 40 0M200 200a22 22 0 0 1 40 0" fill="none" stroke="#6fd0ff" stroke-width="4"/>` +
    `<circle cx="190" cy="290" r="92" fill="none" stroke="#17181b" stroke-width="24"/><path d="M110 300h160M190 300v80" stroke="#17181b" stroke-width="22"/><circle cx="190" cy="300" r="26" fill="#2e3035"/>` +
    `<rect x="520" y="160" width="50" height="24" rx="6" fill="#3a3d42"/><rect x="30" y="160" width="50" height="24" rx="6" fill="#3a3d42"/>` +
    `<rect x="380" y="300" width="90" height="100" rx="14" fill="#2e3035"/><rect x="408" y="310" width="34" height="44" rx="10" fill="#4a4d53"/>`
  );
}

/** Steering wheel close-up with the instrument cluster behind. */
export function steering(trim: string): string {
  return (
    `<rect width="600" height="400" fill="#1d1f23"/><rect x="150" y="40" width="300" height="120" rx="20" fill="#0d0f12"/>` +
    `<circle cx="230" cy="100" r="44" fill="none" stroke="#6fd0ff" stroke-width="6"/><circle cx="370" cy="100" r="44" fill="none" stroke="#6fd0ff" stroke-width="6"/><path d="M230 100l24-24M370 100l-20-26" stroke="#ff6b3d" stroke-width="5"/>` +
    `<circle cx="300" cy="270" r="170" fill="none" stroke="#111214" stroke-width="44"/><circle cx="300" cy="270" r="170" fill="none" stroke="${trim}" stroke-width="10" stroke-dasharray="60 40"/>` +
    `<path d="M140 280h320M300 280v150" stroke="#111214" stroke-width="40"/><circle cx="300" cy="280" r="56" fill="#2a2c31"/>` +
    `<circle cx="200" cy="280" r="9" fill="#7d838a"/><circle cx="226" cy="280" r="9" fill="#7d838a"/><circle cx="374" cy="280" r="9" fill="#7d838a"/><circle cx="400" cy="280" r="9" fill="#7d838a"/>`
  );
}

/** The infotainment screen showing a map with a route. */
export function screen(trim: string): string {
  return (
    `<rect width="600" height="400" fill="#232529"/><rect y="330" width="600" height="70" fill="${trim}"/>` +
    `<rect x="70" y="50" width="460" height="260" rx="16" fill="#0c0e12" stroke="#45484e" stroke-width="6"/><rect x="86" y="66" width="300" height="228" fill="#e7ebe4"/>` +
    `<path d="M86 140L386 110M140 66L200 294M86 230L386 260M300 66L330 294" stroke="#fff" stroke-width="10"/><path d="M150 260L190 170L320 140L350 90" fill="none" stroke="#2f7de1" stroke-width="7" stroke-linecap="round"/>` +
    `<circle cx="150" cy="260" r="9" fill="#2f7de1"/><rect x="396" y="66" width="118" height="68" rx="8" fill="#1d2633"/><rect x="396" y="146" width="118" height="68" rx="8" fill="#1d2633"/><rect x="396" y="226" width="118" height="68" rx="8" fill="#1d2633"/>` +
    `<path d="M416 100h78M416 180h60M416 260h70" stroke="#7fb0d8" stroke-width="6"/>`
  );
}

function seat(x: number, y: number, w: number, h: number, trim: string): string {
  const dark = shade(trim, -0.25);
  return (
    `<rect x="${x + w * 0.3}" y="${y - h * 0.28}" width="${w * 0.4}" height="${h * 0.24}" rx="12" fill="${trim}" stroke="${dark}" stroke-width="3"/>` +
    `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="${f(w * 0.18)}" fill="${trim}" stroke="${dark}" stroke-width="3"/>` +
    `<path d="M${x + w * 0.5} ${y + 14}V${y + h - 14}" stroke="${dark}" stroke-width="3"/>`
  );
}

/** Front seats seen from the rear door. */
export function seats(trim: string): string {
  return `<rect width="600" height="400" fill="#3a3d42"/><rect y="300" width="600" height="100" fill="#26282c"/>${seat(90, 120, 170, 230, trim)}${seat(340, 120, 170, 230, trim)}<rect x="268" y="250" width="64" height="150" rx="10" fill="#202226"/>`;
}

/** Rear bench with three headrests. */
export function rearSeats(trim: string): string {
  const dark = shade(trim, -0.25);
  return (
    `<rect width="600" height="400" fill="#3a3d42"/><rect y="320" width="600" height="80" fill="#26282c"/>` +
    `<rect x="60" y="130" width="480" height="170" rx="30" fill="${trim}" stroke="${dark}" stroke-width="3"/><rect x="60" y="270" width="480" height="80" rx="24" fill="${shade(trim, 0.08)}" stroke="${dark}" stroke-width="3"/>` +
    `<path d="M220 140v150M380 140v150" stroke="${dark}" stroke-width="3"/>` +
    [140, 300, 460]
      .map(
        (x) =>
          `<rect x="${x - 40}" y="70" width="80" height="50" rx="14" fill="${trim}" stroke="${dark}" stroke-width="3"/>`,
      )
      .join('')
  );
}

const TIMBER = '#b48a5a';
const CUPBOARDS = `<rect width="600" height="90" fill="${TIMBER}"/><path d="M150 0v90M300 0v90M450 0v90" stroke="#8e6a40" stroke-width="3"/><rect y="90" width="600" height="6" fill="#8e6a40"/>`;

/** Caravan dinette: table, bench seats and a window. */
export function lounge(trim: string): string {
  return (
    `<rect width="600" height="400" fill="#efe9df"/>${CUPBOARDS}<rect x="170" y="120" width="260" height="110" rx="12" fill="#a9c6dc" stroke="#d8d2c6" stroke-width="10"/>` +
    `<rect x="60" y="200" width="120" height="160" rx="16" fill="${trim}"/><rect x="420" y="200" width="120" height="160" rx="16" fill="${trim}"/>` +
    `<rect x="190" y="250" width="220" height="24" rx="6" fill="#e3d9c6" stroke="#b7a98f" stroke-width="3"/><rect x="290" y="274" width="20" height="120" fill="#9a9ea4"/>` +
    `<rect y="360" width="600" height="40" fill="#8c7a63"/>`
  );
}

/** Caravan bedroom: island bed with overhead lockers. */
export function bed(trim: string): string {
  return (
    `<rect width="600" height="400" fill="#efe9df"/>${CUPBOARDS}<rect x="30" y="130" width="90" height="70" rx="10" fill="#a9c6dc" stroke="#d8d2c6" stroke-width="8"/><rect x="480" y="130" width="90" height="70" rx="10" fill="#a9c6dc" stroke="#d8d2c6" stroke-width="8"/>` +
    `<rect x="150" y="130" width="300" height="90" rx="10" fill="${shade(trim, -0.1)}"/><rect x="120" y="210" width="360" height="150" rx="16" fill="#f7f7f4" stroke="#d0d0cc" stroke-width="4"/>` +
    `<rect x="170" y="220" width="110" height="40" rx="16" fill="#ffffff" stroke="#d0d0cc" stroke-width="3"/><rect x="320" y="220" width="110" height="40" rx="16" fill="#ffffff" stroke="#d0d0cc" stroke-width="3"/>` +
    `<rect x="120" y="300" width="360" height="60" rx="12" fill="${trim}"/><rect y="360" width="600" height="40" fill="#8c7a63"/>`
  );
}

/** Caravan kitchen: bench, cooktop, sink and microwave. */
export function kitchen(trim: string): string {
  return (
    `<rect width="600" height="400" fill="#efe9df"/>${CUPBOARDS}<rect x="430" y="110" width="120" height="70" rx="6" fill="#2c2e33"/><rect x="444" y="122" width="70" height="46" fill="#111"/>` +
    `<rect x="20" y="200" width="560" height="22" fill="#e3ded3" stroke="#b9b2a4" stroke-width="3"/><rect x="20" y="222" width="560" height="178" fill="${TIMBER}"/><path d="M160 222v178M300 222v178M440 222v178" stroke="#8e6a40" stroke-width="3"/>` +
    `<rect x="60" y="188" width="150" height="16" rx="3" fill="#1d1f23"/><circle cx="100" cy="196" r="14" fill="none" stroke="#55595f" stroke-width="4"/><circle cx="170" cy="196" r="14" fill="none" stroke="#55595f" stroke-width="4"/>` +
    `<rect x="300" y="190" width="110" height="14" rx="4" fill="#b8bec5"/><path d="M355 190v-40h20" fill="none" stroke="#b8bec5" stroke-width="6"/><rect x="240" y="120" width="150" height="56" fill="${shade(trim, 0.3)}"/>`
  );
}

/** Caravan ensuite: shower, toilet and vanity. */
export function bathroom(trim: string): string {
  return (
    `<rect width="600" height="400" fill="#f1f1ef"/><rect x="40" y="40" width="220" height="340" fill="#dfe9f0" stroke="#b9c4cc" stroke-width="6"/><circle cx="150" cy="90" r="24" fill="#b8bec5"/><path d="M120 130l-20 120M150 130v120M180 130l20 120" stroke="#cfe3f3" stroke-width="3"/>` +
    `<rect x="300" y="220" width="120" height="50" rx="20" fill="#ffffff" stroke="#c9c9c5" stroke-width="4"/><rect x="320" y="270" width="80" height="110" rx="14" fill="#ffffff" stroke="#c9c9c5" stroke-width="4"/>` +
    `<rect x="450" y="60" width="110" height="130" rx="8" fill="#cfe0ee" stroke="#b9c4cc" stroke-width="4"/><rect x="440" y="220" width="130" height="160" fill="${TIMBER}"/><rect x="440" y="206" width="130" height="18" fill="${shade(trim, 0.5)}"/>`
  );
}

/** Motorcycle cockpit: TFT dash, bars and switchgear. */
export function instruments(): string {
  return (
    `<rect width="600" height="400" fill="#bcd3e4"/><rect y="250" width="600" height="150" fill="#7d8b74"/>` +
    `<path d="M40 260Q300 200 560 260" stroke="#1f2226" stroke-width="22" fill="none" stroke-linecap="round"/><rect x="200" y="120" width="200" height="130" rx="16" fill="#0d0f12"/>` +
    `<path d="M230 210a70 70 0 0 1 140 0" fill="none" stroke="#3fd0ff" stroke-width="8"/><path d="M300 210l40-40" stroke="#ff6b3d" stroke-width="5"/><rect x="270" y="214" width="60" height="20" rx="4" fill="#1f3a52"/>` +
    `<rect x="70" y="230" width="60" height="40" rx="10" fill="#2a2d32"/><rect x="470" y="230" width="60" height="40" rx="10" fill="#2a2d32"/><rect x="0" y="300" width="600" height="100" fill="#2a2d32"/>`
  );
}

/** Motorcycle saddle close-up. */
export function saddle(trim: string): string {
  return (
    `<rect width="600" height="400" fill="#d9dde2"/><path d="M40 260Q120 130 300 150Q480 160 570 230L560 290Q300 270 50 320Z" fill="${trim}"/>` +
    `<path d="M70 290Q300 250 550 260" stroke="${shade(trim, 0.35)}" stroke-width="4" stroke-dasharray="10 8" fill="none"/><path d="M0 330H600V400H0Z" fill="#5c6168"/>`
  );
}
