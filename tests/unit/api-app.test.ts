import { describe, expect, it } from 'vitest';
import { createApi } from '../../api/app';
import type { SiteData } from '../../src/site/types';

const site = {
  tenant: { slug: 'demo' },
  builtAt: '2026-11-22T00:00:00.000Z',
  cars: [{}, {}],
} as unknown as SiteData;
const api = createApi(
  { siteFor: (slug) => (slug === 'demo' ? site : undefined) },
  (request) => request.headers.get('x-tenant') ?? undefined,
);

describe('API app', () => {
  it('answers for a known tenant', async () => {
    const response = await api.fetch(
      new Request('http://x/api/health', { headers: { 'x-tenant': 'demo' } }),
    );
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      ok: true,
      tenant: 'demo',
      builtAt: '2026-11-22T00:00:00.000Z',
      cars: 2,
    });
  });

  it('404s an unknown tenant and an unknown endpoint with a message', async () => {
    const unknownTenant = await api.fetch(
      new Request('http://x/api/health', { headers: { 'x-tenant': 'nope' } }),
    );
    expect(unknownTenant.status).toBe(404);
    expect(((await unknownTenant.json()) as { error: string }).error).toMatch(/Unknown site/);
    const unknownRoute = await api.fetch(
      new Request('http://x/api/nothing', { headers: { 'x-tenant': 'demo' } }),
    );
    expect(unknownRoute.status).toBe(404);
    expect(await unknownRoute.json()).toEqual({ error: 'No API endpoint GET /api/nothing.' });
  });
});
