import type { APIRoute } from 'astro';
import { getSite } from '../site/data';
import { canonicalUrl } from '../site/seo';

export const GET: APIRoute = () => {
  const { tenant } = getSite();
  const body = [
    'User-agent: *',
    'Disallow: /api/',
    'Disallow: /print',
    'Disallow: /sign-in',
    '',
    `Sitemap: ${canonicalUrl(tenant.url, '/sitemap.xml')}`,
    '',
  ].join('\n');
  return new Response(body, { headers: { 'content-type': 'text/plain; charset=utf-8' } });
};
