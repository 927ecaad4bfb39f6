import { apiEnv } from '../../api/env';
import { readFile } from 'node:fs/promises';
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { serve, type ServerType } from '@hono/node-server';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono } from 'hono';
import { compress } from 'hono/compress';
import { createApi } from '../../api/app';
import { startOutboxWorker } from '../../api/outbox/worker';
import { openStore, type Store } from '../../api/storage/store';
import type { SiteData } from '../../src/site/types';
import { HEADERS_FILE, headersForPath, parseHeaders, type HeaderRule } from '../edge/headers';
import { ROOT, siteDir, snapshotFile } from '../paths';
import { DEFAULT_BASE_PORT, planPorts, readPortSettings, type PortPlan } from './tenant-ports';
import { tenantsDir } from '../../src/tenant/load';

export { DEFAULT_BASE_PORT };

/** Every tenant's local port (platform/serve/tenant-ports.ts): adding a tenant moves no other. */
export function tenantPorts(allSlugs: readonly string[], basePort = DEFAULT_BASE_PORT): PortPlan {
  return planPorts(readPortSettings(allSlugs, tenantsDir(ROOT), ROOT), basePort);
}

/** The port a tenant is served on locally, among `allSlugs`. */
export function tenantPort(allSlugs: string[], slug: string, basePort = DEFAULT_BASE_PORT): number {
  const port = tenantPorts(allSlugs, basePort).ports.get(slug);
  if (port === undefined) throw new Error(`Unknown tenant ${slug}`);
  return port;
}

export interface RunningSite {
  slug: string;
  url: string;
  /** Where its port came from: its local_port setting, or its slug. */
  portFrom: 'local_port' | 'slug';
}

async function readSnapshot(slug: string): Promise<SiteData> {
  return JSON.parse(await readFile(snapshotFile(slug), 'utf8')) as SiteData;
}

/** The visitor address of each request, read from the socket (a client can't fake it with a header). */
const socketAddress = new WeakMap<Request, string>();

/** The site's built `_headers` rules (none for a site built before it had them: rebuild it). */
function readHeaderRules(root: string): HeaderRule[] {
  const file = path.join(root, HEADERS_FILE);
  if (!existsSync(file)) {
    console.warn(
      `${file} is missing: this site is served without its security headers. Rebuild it.`,
    );
    return [];
  }
  return parseHeaders(readFileSync(file, 'utf8'));
}

/** The site folder's identity: a new build is renamed into place, so it changes exactly when one is swapped in. */
const folderId = (root: string): string | undefined => {
  const info = statSync(root, { throwIfNoEntry: false });
  return info ? `${info.dev}:${info.ino}:${info.birthtimeMs}` : undefined;
};

/** A build swap renames the old folder away and the new one in: a request in between waits for it. */
async function waitForFolder(root: string, ms = 2000): Promise<void> {
  for (let waited = 0; waited < ms && !existsSync(root); waited += 10)
    await new Promise((resolve) => setTimeout(resolve, 10));
}

/**
 * One tenant's app: its static site from dist/<slug> with the API mounted at /api over `store`.
 * Every response carries the headers the site's `_headers` file gives its path, as on the CDN.
 * `site` may be a function: it is asked again on each request, so a rebuilt site is served at once.
 */
export function createSiteApp(
  slug: string,
  site: SiteData | (() => SiteData),
  store?: Store,
  root = siteDir(slug),
) {
  const siteNow = typeof site === 'function' ? site : () => site;
  // Re-read when a new build is swapped into `root` (npm start and npm run sync rebuild while serving).
  let rules = { folder: folderId(root), headerRules: readHeaderRules(root) };
  const headerRulesNow = () => {
    const folder = folderId(root);
    if (folder && folder !== rules.folder) rules = { folder, headerRules: readHeaderRules(root) };
    return rules.headerRules;
  };
  const app = new Hono<{ Bindings: { incoming?: { socket?: { remoteAddress?: string } } } }>();
  app.use('*', async (c, next) => {
    // Behind a TLS proxy: a plain-http request goes to the same host over https first (so HSTS applies).
    if (c.req.header('x-forwarded-proto') === 'http') {
      const url = new URL(c.req.url);
      return c.redirect(
        `https://${c.req.header('host') ?? url.host}${url.pathname}${url.search}`,
        301,
      );
    }
    // The CDN reads _headers; it is never a page.
    if (c.req.path === `/${HEADERS_FILE}`) return c.notFound();
    await waitForFolder(root);
    const headerRules = headerRulesNow();
    await next();
    for (const [name, value] of Object.entries(headersForPath(headerRules, c.req.path)))
      c.res.headers.set(name, value);
  });
  app.use('/api/*', async (c, next) => {
    const address = c.env?.incoming?.socket?.remoteAddress;
    if (address) socketAddress.set(c.req.raw, address);
    await next();
  });
  app.use('*', compress());
  app.route(
    '/',
    createApi(
      {
        siteFor: (wanted) => (wanted === slug ? siteNow() : undefined),
        store,
        clientIp: (request) => socketAddress.get(request),
        rateLimits: apiEnv().LEADS_RATE_LIMITS !== 'off',
      },
      () => slug,
    ),
  );
  app.use(
    '*',
    serveStatic({
      root,
      onFound: (file, c) => {
        // Hashed build assets never change; pages and data revalidate (as the CDN's _headers say).
        c.header(
          'Cache-Control',
          file.includes(`${path.sep}_astro${path.sep}`)
            ? 'public, max-age=31536000, immutable'
            : 'no-cache',
        );
      },
    }),
  );
  app.notFound(async (c) => {
    const notFound = path.join(root, '404.html');
    if (existsSync(notFound)) return c.html(await readFile(notFound, 'utf8'), 404);
    return c.text('Not found', 404);
  });
  return app;
}

/** Serve every built tenant on its own port. */
export async function startLocalServer(options: {
  slugs: string[];
  allSlugs: string[];
  basePort?: number;
  host?: string;
}): Promise<{ sites: RunningSite[]; portNotes: string[]; close(): Promise<void> }> {
  const { slugs, allSlugs, basePort = DEFAULT_BASE_PORT, host = '127.0.0.1' } = options;
  const plan = tenantPorts(allSlugs, basePort);
  const servers: ServerType[] = [];
  const sites: RunningSite[] = [];
  // Leads, views and visitor events: PostgreSQL at DATABASE_URL, else the SQLite file in .data/.
  const store = await openStore();
  const snapshots = new Map<string, SiteData>();
  for (const slug of slugs) snapshots.set(slug, await readSnapshot(slug));
  // The snapshot is re-read when a rebuilt site is swapped in (its site.json is that build's).
  const seen = new Map(slugs.map((slug) => [slug, folderId(siteDir(slug))]));
  const snapshotNow = (slug: string): SiteData => {
    const folder = folderId(siteDir(slug));
    if (folder && folder !== seen.get(slug)) {
      seen.set(slug, folder);
      try {
        snapshots.set(slug, JSON.parse(readFileSync(snapshotFile(slug), 'utf8')) as SiteData);
      } catch (error) {
        console.warn(
          `${slug}: could not re-read ${snapshotFile(slug)} after a rebuild (${(error as Error).message}); the API keeps the previous data`,
        );
      }
    }
    return snapshots.get(slug)!;
  };
  // Delivers stored leads to each site's webhook / e-mail, or prints them when none is configured.
  const outbox = startOutboxWorker({
    store,
    siteFor: (slug) => (snapshots.has(slug) ? snapshotNow(slug) : undefined),
    intervalMs: apiEnv().OUTBOX_INTERVAL_MS,
  });
  for (const slug of slugs) {
    const port = plan.ports.get(slug);
    if (port === undefined) throw new Error(`Unknown tenant ${slug}`);
    const app = createSiteApp(slug, () => snapshotNow(slug), store);
    await new Promise<void>((resolve, reject) => {
      const server = serve({ fetch: app.fetch, port, hostname: host }, () => resolve());
      server.once('error', (error: NodeJS.ErrnoException) =>
        reject(
          error.code === 'EADDRINUSE'
            ? new Error(
                `Port ${port} (for ${slug}) is in use. Stop the other server or set PORT to another base port.`,
              )
            : error,
        ),
      );
      servers.push(server);
    });
    sites.push({ slug, url: `http://localhost:${port}/`, portFrom: plan.from.get(slug)! });
  }
  return {
    sites,
    portNotes: plan.notes,
    close: async () => {
      await Promise.all(
        servers.map((server) => new Promise<void>((resolve) => server.close(() => resolve()))),
      );
      await outbox.stop();
      await store.close();
    },
  };
}
