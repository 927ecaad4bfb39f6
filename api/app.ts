import { apiEnv } from './env';
import { Hono } from 'hono';
import { methodNotAllowed } from 'hono/method-not-allowed';
import type { SiteData } from '../src/site/types';
import type { AccountServices } from './accounts/services';
import { localAccountServices } from './accounts/services';
import { clientAddress, parseTrustProxy } from './client-address';
import { guard } from './guard';
import { BadRequest, errorResponse } from './http';
import { signInCodeSecret } from './accounts/code-secret';
import { MemoryRateLimiter } from './rate-limit';
import { ROUTES } from './routes';
import { SharedRateLimiter } from './storage/rate-limits';
import type { Store } from './storage/store';
import type { ApiEnv } from './types';

/** What the API needs from its host: the sites it serves, looked up by tenant slug, and storage. */
export interface ApiContext {
  /** The site a request is for, or undefined when the tenant is unknown. */
  siteFor(slug: string): SiteData | undefined;
  /** Where leads, views and visitor events are kept (routes that store need it). */
  store?: Store;
  /** The visitor's IP when the host knows it better than the socket (e.g. an edge that passes it on). */
  clientIp?(request: Request): string | undefined;
  /**
   * How many proxies in front append to X-Forwarded-For (default: the TRUST_PROXY environment
   * variable, else 0, which ignores the header: without a proxy any client could write one).
   */
  trustProxy?: number;
  /** Clock in ms (tests pass their own). */
  now?(): number;
  /** Sign-in code sender and reservation payment provider (default: the local ones that log and record). */
  accounts?: AccountServices;
  /** Turn per-IP and per-site rate limits off (load benchmarks only). With a store they are counted in its database; without one, per process. */
  rateLimits?: boolean;
}

/**
 * The API as one web-standard app: `app.fetch(Request) => Response`. The host decides which tenant
 * a request is for (the local server by port; a serverless deployment by the `x-tenant` header its
 * edge sets) and passes it as `tenantOf`.
 */
export function createApi(context: ApiContext, tenantOf: (request: Request) => string | undefined) {
  const app = new Hono<ApiEnv>().basePath('/api');
  const env = apiEnv();
  // Production stops here, before serving, without the secret sign-in codes are hashed under.
  if (env.NODE_ENV === 'production') signInCodeSecret();
  // Counted in the store's database, so every process over it shares each count.
  const limiter =
    context.rateLimits === false
      ? undefined
      : context.store
        ? new SharedRateLimiter(context.store.driver)
        : new MemoryRateLimiter();
  const trustProxy = parseTrustProxy(context.trustProxy ?? env.TRUST_PROXY);

  app.use('*', async (c, next) => {
    const slug = tenantOf(c.req.raw);
    const site = slug ? context.siteFor(slug) : undefined;
    if (!site)
      return c.json(
        { error: "Unknown site. Send requests to a dealer site's own /api/ address." },
        404,
      );
    c.set('site', site);
    if (context.store) c.set('store', context.store);
    c.set('now', context.now ? context.now() : Date.now());
    c.set('accounts', context.accounts ?? localAccountServices());
    c.set('clientIp', clientAddress(c, trustProxy, context.clientIp?.(c.req.raw)));
    c.set('rateLimiter', limiter);
    await next();
  });
  app.use('*', ...guard());
  app.use(
    '*',
    methodNotAllowed({
      app,
      onMethodNotAllowed: (c, methods) => {
        c.header('Allow', methods.join(', '));
        const use = methods.filter((method) => method !== 'HEAD').join(' or ');
        return errorResponse(c, 405, `${c.req.method} is not allowed here. Use ${use}.`);
      },
    }),
  );

  for (const register of ROUTES) register(app);

  app.notFound((c) => c.json({ error: `No API endpoint ${c.req.method} ${c.req.path}.` }, 404));
  app.onError((error, c) => {
    if (error instanceof BadRequest)
      return errorResponse(c, error.status, error.message, error.fields);
    console.error(`API error on ${c.req.method} ${c.req.path}:`, error);
    return c.json(
      { error: 'Something went wrong on our side. Please try again, or call the dealership.' },
      500,
    );
  });
  return app;
}
