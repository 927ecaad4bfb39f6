import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseHeaders } from '../edge/headers';
import { siteDir } from '../paths';
import { previousSiteDir } from '../build/build-finish';
import type { Tenant } from '../../src/tenant/schema';
import { caddyfile } from '../edge/caddyfile';
import { varnishVcl } from '../edge/varnish';
import { Children, waitFor } from './children';

export interface StackOptions {
  /** The built tenants the stack serves (their dist/ folders exist). */
  tenants: Pick<Tenant, 'slug' | 'url' | 'hostnames'>[];
  /** The repository: the API, worker and sync scripts run from here. */
  root: string;
  /** Where the Caddyfile, the VCL and Varnish's working folder go (readable by varnishd's user). */
  work: string;
  databaseUrl: string;
  ports: { edge: number; api: number[]; cdn(slug: string): number };
  /** The environment of every process (DIST_DIR, TENANTS_DIR ... as the caller has them). */
  env?: NodeJS.ProcessEnv;
  /** Extra arguments of the sync worker (--interval=5). */
  syncArgs?: string[];
  /** Each line the processes print, prefixed with the process's name. */
  print?: (line: string) => void;
}

export interface Stack {
  children: Children;
  /** The CDN layer's address of a tenant: what shoppers reach. */
  url(slug: string): string;
  stop(): Promise<void>;
}

/**
 * Starts the production stack's processes on this machine and resolves once the API instances and
 * every tenant's CDN port answer: two `npm run api` instances, the outbox worker, a sync worker
 * (purging the CDN layer after each publish), the edge (Caddy, configured from each site's
 * _headers) and the CDN layer (Varnish). `npm run stack` and `bench:freshness -- --stack` use it.
 */
export async function startStack({
  tenants,
  root,
  work,
  databaseUrl,
  ports,
  env: base = process.env,
  syncArgs = [],
  print,
}: StackOptions): Promise<Stack> {
  mkdirSync(work, { recursive: true });
  const children = new Children(print);
  const slugs = tenants.map((tenant) => tenant.slug);
  const cdnTenants = tenants.map((tenant) => ({
    host: new URL(tenant.url).hostname,
    port: ports.cdn(tenant.slug),
  }));
  const env = {
    ...base,
    DATABASE_URL: databaseUrl,
    // The CDN layer and the edge each append to X-Forwarded-For.
    TRUST_PROXY: '2',
    LOG_LEVEL: base.LOG_LEVEL ?? 'warn',
    // Publishes purge the CDN layer (platform/cdn); any of its ports takes a PURGE for any tenant.
    CDN_PURGE: base.CDN_PURGE ?? `varnish:http://127.0.0.1:${cdnTenants[0]!.port}`,
  };
  const tsx = path.join(root, 'node_modules', '.bin', 'tsx');
  const stop = () => children.stopAll();
  try {
    for (const [index, port] of ports.api.entries())
      children.start(`api-${index + 1}`, tsx, ['scripts/api.ts', ...slugs], {
        cwd: root,
        env: { ...env, PORT: String(port), OUTBOX: 'off', INSTANCE_ID: `api-${index + 1}` },
      });
    children.start('worker', tsx, ['scripts/worker.ts', ...slugs], { cwd: root, env });
    children.start('sync', tsx, ['scripts/sync-worker.ts', ...slugs, ...syncArgs], {
      cwd: root,
      env,
    });

    const sites = tenants.map((tenant) => ({
      slug: tenant.slug,
      hosts: [new URL(tenant.url).hostname, ...tenant.hostnames],
      root: siteDir(tenant.slug),
      previousRoot: previousSiteDir(tenant.slug),
      rules: parseHeaders(readFileSync(path.join(siteDir(tenant.slug), '_headers'), 'utf8')),
    }));
    writeFileSync(
      path.join(work, 'Caddyfile'),
      caddyfile({ sites, port: ports.edge, apiPool: ports.api.map((port) => `127.0.0.1:${port}`) }),
    );
    children.start(
      'edge',
      'caddy',
      ['run', '--config', path.join(work, 'Caddyfile'), '--adapter', 'caddyfile'],
      {
        cwd: work,
        env: { ...base, HOME: work },
      },
    );

    writeFileSync(
      path.join(work, 'default.vcl'),
      varnishVcl({ tenants: cdnTenants, edge: { host: '127.0.0.1', port: ports.edge } }),
    );
    mkdirSync(path.join(work, 'varnish'), { recursive: true });
    const listen = cdnTenants.flatMap(({ port }) => ['-a', `127.0.0.1:${port}`]);
    const vcl = path.join(work, 'default.vcl');
    children.start(
      'cdn',
      'varnishd',
      ['-F', ...listen, '-f', vcl, '-n', path.join(work, 'varnish'), '-s', 'malloc,256m'],
      { cwd: work },
    );

    const answers = async (url: string) => (await fetch(url)).ok;
    await Promise.all(
      ports.api.map((port) =>
        waitFor(`API on ${port}`, () => answers(`http://127.0.0.1:${port}/api/health`)),
      ),
    );
    // Through the CDN layer too, /api included: the edge's health checks find the API instances
    // up only on their next round, and until then it answers /api with 503.
    await Promise.all(
      cdnTenants.map(({ port }) =>
        waitFor(
          `the CDN layer on ${port}`,
          async () =>
            (await answers(`http://127.0.0.1:${port}/`)) &&
            answers(`http://127.0.0.1:${port}/api/health`),
        ),
      ),
    );
  } catch (error) {
    await stop();
    throw error;
  }
  return { children, url: (slug) => `http://127.0.0.1:${ports.cdn(slug)}`, stop };
}
