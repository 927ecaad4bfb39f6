import type { APIRoute } from 'astro';
import sharp from 'sharp';
import { getSite } from './data';
import type { Tenant } from '../tenant/schema';

/** Up to two initials of the dealer's name: "Bayside Toyota" -> "BT". */
export function monogramInitials(name: string): string {
  return name
    .split(/\s+/)
    .filter((word) => /^[A-Za-z]/.test(word))
    .slice(0, 2)
    .map((word) => word[0]!.toUpperCase())
    .join('');
}

function monogramSvg(tenant: Pick<Tenant, 'name' | 'theme'>): string {
  const { primary, on_primary } = tenant.theme.colours;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="12" fill="${primary}"/><text x="32" y="42" font-family="Arial,Helvetica,sans-serif" font-size="28" font-weight="700" text-anchor="middle" fill="${on_primary}">${monogramInitials(tenant.name)}</text></svg>`;
}

/**
 * The monogram as a PNG of `size` pixels, drawn once at build. Not served as SVG: the browser
 * renders an SVG icon as a small document in the page's own renderer, and its text needs a font
 * set up there, a 20-40 ms task during the page's load in traces of the vehicle page.
 */
export async function monogramPng(
  tenant: Pick<Tenant, 'name' | 'theme'>,
  size: number,
): Promise<Uint8Array<ArrayBuffer>> {
  const png = await sharp(Buffer.from(monogramSvg(tenant)), { density: (72 * size) / 64 })
    .resize(size, size)
    .png()
    .toBuffer();
  return new Uint8Array(png);
}

/** A build-time route serving this site's monogram as a PNG of `size` pixels. */
export function monogramPngRoute(size: number): APIRoute {
  return async () =>
    new Response(await monogramPng(getSite().tenant, size), {
      headers: { 'content-type': 'image/png' },
    });
}
