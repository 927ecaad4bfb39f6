import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { hostname } from 'node:os';
import path from 'node:path';
import { Hono, type Context } from 'hono';
import type { Logger } from 'pino';
import { createApi } from '../../api/app';
import { LocalCodeSender } from '../../api/accounts/code-sender';
import { RecordingPaymentProvider } from '../../api/accounts/payments';
import type { AccountServices } from '../../api/accounts/services';
import { parseTrustProxy } from '../../api/client-address';
import { apiEnv } from '../../api/env';
import { MIGRATIONS } from '../../api/storage/migrations';
import type { Store } from '../../api/storage/store';
import type { SiteData } from '../../src/site/types';
import type { LoadedTenant } from '../../src/tenant/load';
import { hostOf, hostTable } from './hosts';
import { productionProblems } from './production-config';
import { HttpSmsSender } from './sms-sender';

const ROOT = path.resolve(import.meta.dirname, '../..');
export const VERSION = (
  JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { version: string }
).version;
const LATEST_MIGRATION = Math.max(...MIGRATIONS.map((migration) => migration.version));

/** Configuration problems that stop a host before it serves (every one, not the first). */
export function configProblems(tenants: LoadedTenant[], env: NodeJS.ProcessEnv): string[] {
  const problems: string[] = [];
  try {
    parseTrustProxy(apiEnv(env).TRUST_PROXY);
    if (env.PORT !== undefined && !/^\d{1,5}$/.test(env.PORT))
      problems.push(`PORT must be a port number; got "${env.PORT}"`);
  } catch (error) {
    problems.push(...(error as Error).message.split('\n').filter(Boolean));
  }
  problems.push(...hostTable(tenants).problems);
  if (env.NODE_ENV === 'production') {
    try {
      problems.push(...productionProblems(env, tenants));
    } catch {
      // apiEnv's own problems are listed above already
    }
  }
  return problems;
}

/** The services accounts use: an SMS gateway when SMS_API_URL is set, else the local sender (never in production). */
function accountServices(env: NodeJS.ProcessEnv, tenants: LoadedTenant[]): AccountServices {
  const names = new Map(tenants.map((tenant) => [tenant.slug, tenant.name]));
  const codeSender = env.SMS_API_URL
    ? new HttpSmsSender(env.SMS_API_URL, env.SMS_API_TOKEN, (slug) => names.get(slug) ?? 'dealer')
    : new LocalCodeSender(null, env);
  return {
    codeSender,
    payments: new RecordingPaymentProvider({ webhookSecret: env.PAYMENT_WEBHOOK_SECRET }),
  };
}

/** "/api/watchlist/8123" -> "/api/watchlist/:id": a log groups requests by route, and ids say nothing. */
export function routeLabel(pathname: string): string {
  return pathname
    .split('/')
    .map((segment) =>
      /^\d+$/.test(segment) || segment.length > 24 || /^[0-9a-f-]{16,}$/i.test(segment)
        ? ':id'
        : segment,
    )
    .join('/')
    .slice(0, 120);
}

export interface PlatformAppOptions {
  tenants: LoadedTenant[];
  siteFor(slug: string): SiteData | undefined;
  store: Store;
  log: Logger;
  env: NodeJS.ProcessEnv;
  /** The client's address when the host knows it (a serverless event's source IP). */
  clientIp?(c: Context): string | undefined;
}

/**
 * The production API app for every tenant, the tenant picked by the request's Host, with health,
 * readiness and a JSON log line per request. Hosts: platform/api/server.ts (Node), lambda.ts.
 */
export function createPlatformApp({
  tenants,
  siteFor,
  store,
  log,
  env,
  clientIp,
}: PlatformAppOptions) {
  const instance = env.INSTANCE_ID || `${hostname()}-${process.pid}`;
  const { hosts } = hostTable(tenants);
  const served = new Set(tenants.map((tenant) => tenant.slug));
  const siteOf = (slug: string) => (served.has(slug) ? siteFor(slug) : undefined);
  const tenantOf = (host: string | null | undefined) => hosts.get(hostOf(host) ?? '');
  // The host's own idea of the client address, handed to the API by request (never by a header a client could write).
  const addresses = new WeakMap<Request, string>();
  const api = createApi(
    {
      siteFor: siteOf,
      store,
      trustProxy: parseTrustProxy(apiEnv(env).TRUST_PROXY),
      accounts: accountServices(env, tenants),
      clientIp: (request) => addresses.get(request),
    },
    (request) => tenantOf(request.headers.get('host')),
  );

  const app = new Hono();
  const state = { inFlight: 0, draining: false };
  app.use('*', async (c, next) => {
    const started = performance.now();
    const given = c.req.header('x-request-id');
    const id = given && /^[\w.-]{1,64}$/.test(given) ? given : randomUUID();
    state.inFlight++;
    try {
      await next();
    } finally {
      state.inFlight--;
      c.res.headers.set('x-request-id', id);
      // Shutting down: a kept-alive connection closes after this answer, so the client's next
      // request opens a new one, which the balancer sends to another instance.
      if (state.draining) c.res.headers.set('connection', 'close');
      // Never the body, the query string or headers: they carry phone numbers, e-mails and codes.
      const line = {
        id,
        method: c.req.method,
        route: routeLabel(new URL(c.req.url).pathname),
        status: c.res.status,
        ms: Math.round((performance.now() - started) * 10) / 10,
        tenant: tenantOf(c.req.header('host')) ?? null,
      };
      if (c.res.status >= 500) log.error(line, 'request failed');
      else log.info(line, 'request');
    }
  });
  const identity = { instance, version: VERSION };
  // Liveness: the process answers. Never touches the database, so a database outage can't get it restarted.
  app.get('/api/health', (c) => {
    const slug = tenantOf(c.req.header('host'));
    const site = slug ? siteOf(slug) : undefined;
    return c.json({
      ok: true,
      ...identity,
      ...(site ? { tenant: site.tenant.slug, builtAt: site.builtAt, cars: site.cars.length } : {}),
    });
  });
  // Readiness: the database answers and has every migration this code needs.
  app.get('/api/ready', async (c) => {
    try {
      const rows = await Promise.race([
        store.driver.all('SELECT MAX(version) AS version FROM schema_migrations'),
        new Promise<never>((_, reject) =>
          setTimeout(
            () => reject(new Error('the database did not answer within 2 s')),
            2000,
          ).unref(),
        ),
      ]);
      const applied = Number(rows[0]?.version ?? 0);
      if (applied < LATEST_MIGRATION)
        return c.json(
          {
            ok: false,
            ...identity,
            problem: `migrations applied up to ${applied} of ${LATEST_MIGRATION}`,
          },
          503,
        );
      return c.json({ ok: true, ...identity, migration: applied });
    } catch (error) {
      return c.json({ ok: false, ...identity, problem: (error as Error).message }, 503);
    }
  });
  app.all('*', (c: Context) => {
    const address = clientIp?.(c);
    if (address) addresses.set(c.req.raw, address);
    return api.fetch(c.req.raw, c.env);
  });
  app.onError((error, c) => {
    log.error({ err: { message: error.message, stack: error.stack } }, 'unhandled error');
    return c.json(
      { error: 'Something went wrong on our side. Please try again, or call the dealership.' },
      500,
    );
  });
  return { app, instance, siteOf, state };
}
