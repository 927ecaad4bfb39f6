import type { Server } from 'node:http';
import { serve } from '@hono/node-server';
import type { Logger } from 'pino';
import { apiEnv } from '../../api/env';
import { startOutboxWorker } from '../../api/outbox/worker';
import { openStore, type Store } from '../../api/storage/store';
import type { LoadedTenant } from '../../src/tenant/load';
import { createPlatformApp, VERSION } from './app';
import { siteSnapshots } from './site-snapshots';

export { configProblems } from './app';

export interface ApiServerOptions {
  tenants: LoadedTenant[];
  /** Where each tenant's built site data is (.build/<slug>/site.json). */
  snapshotFile(slug: string): string;
  log: Logger;
  env?: NodeJS.ProcessEnv;
  /** Run the lead outbox in this process too (default: unless OUTBOX=off; `npm run worker` runs it alone). */
  outbox?: boolean;
}

export interface RunningApi {
  server: Server;
  port: number;
  /** SIGTERM's work: stop taking connections, finish what is in flight, then close storage. */
  shutdown(deadlineMs: number): Promise<'clean' | 'deadline'>;
}

/**
 * `npm run api`: the API of every tenant in one process, the tenant picked by the request's Host.
 * Stateless apart from the shared database, so any number run behind a balancer.
 */
export async function startApiServer({
  tenants,
  snapshotFile,
  log,
  env = process.env,
  outbox = env.OUTBOX !== 'off',
}: ApiServerOptions): Promise<RunningApi> {
  const settings = apiEnv(env);
  const store: Store = await openStore(env);
  const siteFor = siteSnapshots(snapshotFile, (slug, problem) =>
    log.warn({ tenant: slug }, problem),
  );
  const { app, instance, siteOf, state } = createPlatformApp({ tenants, siteFor, store, log, env });
  for (const tenant of tenants)
    if (!siteOf(tenant.slug))
      log.warn(
        { tenant: tenant.slug },
        'no built site data yet: its requests get 404 until it is built',
      );
  const worker = outbox
    ? startOutboxWorker({
        store,
        siteFor: siteOf,
        intervalMs: settings.OUTBOX_INTERVAL_MS,
        leaseMs: settings.OUTBOX_LEASE_MS,
        alertAfterMs: settings.OUTBOX_ALERT_AFTER_MS,
        batch: settings.OUTBOX_BATCH,
        log: (line) => log.warn({ outbox: true }, line),
      })
    : undefined;

  const port = Number(env.PORT ?? 8787);
  const host = env.HOST || '127.0.0.1';
  const server = await new Promise<Server>((resolve) => {
    const started = serve({ fetch: app.fetch, port, hostname: host }, () =>
      resolve(started as Server),
    );
  });
  const actualPort = (server.address() as { port: number }).port;
  log.info(
    {
      port: actualPort,
      host,
      instance,
      version: VERSION,
      tenants: tenants.length,
      outbox: Boolean(worker),
    },
    'listening',
  );

  return {
    server,
    port: actualPort,
    async shutdown(deadlineMs) {
      state.draining = true;
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeIdleConnections();
      const finished = (async () => {
        await closed;
        await worker?.stop();
        await store.close();
        return 'clean' as const;
      })();
      const deadline = new Promise<'deadline'>((resolve) =>
        setTimeout(() => resolve('deadline'), deadlineMs).unref(),
      );
      const outcome = await Promise.race([finished, deadline]);
      if (outcome === 'deadline')
        log.error({ inFlight: state.inFlight }, `shutdown deadline of ${deadlineMs} ms passed`);
      return outcome;
    },
  };
}
