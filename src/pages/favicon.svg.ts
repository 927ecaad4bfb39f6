import type { APIRoute } from 'astro';
import { getSite } from '../site/data';

/** A monogram favicon in the tenant's colours, so every site has its own icon without an asset. */
export const GET: APIRoute = () => {
  const { tenant } = getSite();
  const initials = tenant.name
    .split(/\s+/)
    .filter((word) => /^[A-Za-z]/.test(word))
    .slice(0, 2)
    .map((word) => word[0]!.toUpperCase())
    .join('');
  const { primary, on_primary } = tenant.theme.colours;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="12" fill="${primary}"/><text x="32" y="42" font-family="Arial,Helvetica,sans-serif" font-size="28" font-weight="700" text-anchor="middle" fill="${on_primary}">${initials}</text></svg>`;
  return new Response(svg, { headers: { 'content-type': 'image/svg+xml' } });
};
