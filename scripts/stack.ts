/**
 * npm run stack [-- <slug> ...]
 * The production stack on this machine, with real parts: PostgreSQL (a cluster under .data/ when
 * DATABASE_URL is unset), two `npm run api` instances, the outbox worker, a sync worker (the job queue), the
 * edge (Caddy) and the CDN layer (Varnish). Prints one URL per tenant, the CDN layer's, and stops
 * everything on Ctrl-C. Needs `apt-get install -y caddy varnish postgresql`. docs/deploy.md has
 * the picture. `npm start` stays the quick single-process way for development.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseHeaders } from './lib/headers';
import { ROOT, siteDir } from './lib/paths';
import { BuildInputError, buildSites } from './lib/build-all';
import { previousSiteDir } from './lib/build-finish';
import { listTenantSlugs, tenantsDir } from '../src/tenant/load';
import { readPortSettings } from './lib/tenant-ports';
import { caddyfile } from '../platform/edge/caddyfile';
import { varnishVcl } from '../platform/edge/varnish';
import { Children, waitFor } from '../platform/stack/children';
import { startLocalPostgres, type LocalDatabase } from '../platform/stack/postgres';
import { stackPorts } from '../platform/stack/ports';

const named = process.argv.slice(2).filter((arg) => !arg.startsWith('-'));
const allSlugs = await listTenantSlugs(ROOT);
const slugs = named.length ? named : allSlugs;
const ports = stackPorts(readPortSettings(allSlugs, tenantsDir(ROOT), ROOT), Number(process.env.STACK_BASE_PORT ?? 8080));
const work = path.join(ROOT, '.data', 'stack');
mkdirSync(work, { recursive: true });
const children = new Children();
let database: LocalDatabase | undefined;

async function stop(code: number): Promise<never> {
  await children.stopAll();
  database?.stop();
  process.exit(code);
}
process.on('SIGINT', () => void stop(0));
process.on('SIGTERM', () => void stop(0));

try {
  console.log(`== building what changed (${slugs.join(', ')})`);
  const tenants = await buildSites({ slugs, onlyStale: true });

  let databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl) {
    database = startLocalPostgres(path.join(ROOT, '.data'));
    databaseUrl = database.url;
    console.log('== PostgreSQL: .data/postgres');
  }
  const env = {
    ...process.env,
    DATABASE_URL: databaseUrl,
    // The CDN layer and the edge each append to X-Forwarded-For.
    TRUST_PROXY: '2',
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
    // Publishes purge the CDN layer (platform/cdn).
    CDN_PURGE: process.env.CDN_PURGE ?? `varnish:http://127.0.0.1:${ports.cdn(slugs[0]!)}`,
  };
  const tsx = path.join(ROOT, 'node_modules', '.bin', 'tsx');

  for (const [index, port] of ports.api.entries())
    children.start(`api-${index + 1}`, tsx, ['scripts/api.ts', ...slugs], {
      cwd: ROOT,
      env: { ...env, PORT: String(port), OUTBOX: 'off', INSTANCE_ID: `api-${index + 1}` },
    });
  children.start('worker', tsx, ['scripts/worker.ts', ...slugs], { cwd: ROOT, env });
  children.start('sync', tsx, ['scripts/sync-worker.ts', ...slugs], { cwd: ROOT, env });

  const sites = tenants.map((tenant) => ({
    slug: tenant.slug,
    hosts: [new URL(tenant.url).hostname, ...tenant.hostnames],
    root: siteDir(tenant.slug),
    previousRoot: previousSiteDir(tenant.slug),
    rules: parseHeaders(readFileSync(path.join(siteDir(tenant.slug), '_headers'), 'utf8')),
  }));
  writeFileSync(path.join(work, 'Caddyfile'), caddyfile({ sites, port: ports.edge, apiPool: ports.api.map((port) => `127.0.0.1:${port}`) }));
  children.start('edge', 'caddy', ['run', '--config', path.join(work, 'Caddyfile'), '--adapter', 'caddyfile'], {
    cwd: work,
    env: { ...process.env, HOME: work },
  });

  const cdnTenants = tenants.map((tenant) => ({ host: new URL(tenant.url).hostname, port: ports.cdn(tenant.slug) }));
  writeFileSync(path.join(work, 'default.vcl'), varnishVcl({ tenants: cdnTenants, edge: { host: '127.0.0.1', port: ports.edge } }));
  mkdirSync(path.join(work, 'varnish'), { recursive: true });
  children.start(
    'cdn',
    'varnishd',
    [
      '-F',
      ...cdnTenants.flatMap(({ port }) => ['-a', `127.0.0.1:${port}`]),
      '-f',
      path.join(work, 'default.vcl'),
      '-n',
      path.join(work, 'varnish'),
      '-s',
      'malloc,256m',
    ],
    {
      cwd: work,
    },
  );

  const answers = async (url: string) => (await fetch(url)).ok;
  await Promise.all(ports.api.map((port) => waitFor(`API on ${port}`, () => answers(`http://127.0.0.1:${port}/api/health`))));
  await Promise.all(cdnTenants.map(({ port }) => waitFor(`the CDN layer on ${port}`, () => answers(`http://127.0.0.1:${port}/`))));
  console.log('\nThe stack is up (Ctrl-C stops it):');
  for (const tenant of tenants) console.log(`  ${tenant.slug.padEnd(30)} http://127.0.0.1:${ports.cdn(tenant.slug)}/   (${new URL(tenant.url).hostname})`);
  for (const note of ports.notes) console.log(`  ${note}`);
  console.log(`  edge (Caddy) :${ports.edge}, API :${ports.api.join(', :')}, database ${database ? '.data/postgres' : 'DATABASE_URL'}`);
  if (!existsSync(path.join(work, 'varnish'))) throw new Error('varnish did not start');
} catch (error) {
  console.error(error instanceof BuildInputError ? error.message : `npm run stack: ${(error as Error).message}`);
  await stop(1);
}
