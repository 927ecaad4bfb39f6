import { Hono } from 'hono';
import type { SiteData } from '../src/site/types';
import { ROUTES } from './routes';
import type { ApiEnv } from './types';

/** What the API needs from its host: the sites it serves, looked up by tenant slug. */
export interface ApiContext {
  /** The site a request is for, or undefined when the tenant is unknown. */
  siteFor(slug: string): SiteData | undefined;
}

/**
 * The API as one web-standard app: `app.fetch(Request) => Response`. The host decides which tenant
 * a request is for (the local server by port; a serverless deployment by the `x-tenant` header its
 * edge sets) and passes it as `tenantOf`.
 */
export function createApi(context: ApiContext, tenantOf: (request: Request) => string | undefined) {
  const app = new Hono<ApiEnv>().basePath('/api');

  app.use('*', async (c, next) => {
    const slug = tenantOf(c.req.raw);
    const site = slug ? context.siteFor(slug) : undefined;
    if (!site) return c.json({ error: "Unknown site. Send requests to a dealer site's own /api/ address." }, 404);
    c.set('site', site);
    await next();
  });

  for (const register of ROUTES) register(app);

  app.notFound((c) => c.json({ error: `No API endpoint ${c.req.method} ${c.req.path}.` }, 404));
  app.onError((error, c) => {
    console.error(`API error on ${c.req.method} ${c.req.path}:`, error);
    return c.json({ error: 'Something went wrong on our side. Please try again, or call the dealership.' }, 500);
  });
  return app;
}
