/**
 * The API alone (no static site) for one tenant on one port, over a SQLite file, with the outbox
 * worker: what the load benchmark and the fault test start as a real child process.
 *
 *   tsx platform/api/api-server.ts
 *
 * Environment:
 *   PORT             port on 127.0.0.1 (required)
 *   LEADS_DB_FILE    the SQLite file (or DATABASE_URL for PostgreSQL), as for `npm start`
 *   API_TENANT       tenant slug from tenants/ (default bayside-toyota)
 *   API_LEADS        JSON merged over the tenant's `leads` settings, e.g. a webhook or raised
 *                    `rate_limit` values (the documented tenant settings; no code path is bypassed)
 *   OUTBOX_INTERVAL_MS  how often the outbox worker looks for due deliveries (default 1000)
 *   OUTBOX_BATCH        deliveries claimed per pass (default 20)
 *   OUTBOX_LEASE_MS     how long a claimed delivery is this process's (default 60000): after a
 *                       crash its claimed deliveries wait this long before another process retries
 *   TRUST_PROXY      how many proxies in front append to X-Forwarded-For (default 0: the header is
 *                    ignored and each visitor is the socket's address). Set 1 behind one reverse
 *                    proxy or load balancer; without one, a client could name itself anything
 *
 * Prints `listening <port>` once it accepts requests. The site data is the tenant file with one
 * demo car (id `bench-car`) and no locations, so it needs no build.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { serve } from '@hono/node-server';
import { parseDocument } from 'yaml';
import { createApi } from '../../api/app';
import { apiEnv } from '../../api/env';
import { startOutboxWorker } from '../../api/outbox/worker';
import { openStore } from '../../api/storage/store';
import { parseTenant } from '../../src/tenant/load';
import type { SiteData } from '../../src/site/types';
import { ROOT } from '../paths';
import { scriptEnv } from '../script-env';

/** The tenant's own site data for an API-only server: its YAML (with `leads` overrides) and one car. */
export function apiOnlySite(slug: string, leads: Record<string, unknown> = {}): SiteData {
  const file = path.join(ROOT, 'tenants', `${slug}.yaml`);
  const document = parseDocument(readFileSync(file, 'utf8'));
  const own = (document.toJS() as { leads?: Record<string, unknown> }).leads ?? {};
  document.set('leads', { ...own, ...leads });
  const tenant = parseTenant(document.toString(), file);
  return {
    tenant,
    builtAt: new Date().toISOString(),
    cars: [
      {
        id: 'bench-car',
        slug: 'bench-car',
        name: '2023 Toyota Corolla',
        year: 2023,
        make: 'Toyota',
        model: 'Corolla',
        price: 28990,
      },
    ],
    locations: [],
    specialHours: [],
    models: [],
    reviews: [],
    manufacturers: [],
    offers: [],
  } as unknown as SiteData;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { PORT: port, API_TENANT: slug, API_LEADS: leads } = scriptEnv();
  if (!port) throw new Error('Set PORT to the port to listen on.');
  const site = apiOnlySite(slug, leads);
  const env = apiEnv();
  const store = await openStore();
  const siteFor = (wanted: string) => (wanted === slug ? site : undefined);
  const outbox = startOutboxWorker({
    store,
    siteFor,
    intervalMs: env.OUTBOX_INTERVAL_MS,
    leaseMs: env.OUTBOX_LEASE_MS,
    batch: env.OUTBOX_BATCH,
  });
  const api = createApi({ siteFor, store }, () => slug);
  const server = serve({ fetch: api.fetch, port, hostname: '127.0.0.1' }, () =>
    console.log(`listening ${port}`),
  );
  const stop = () => {
    server.close();
    void outbox.stop().then(() => store.close().then(() => process.exit(0)));
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}
