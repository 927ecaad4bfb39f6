/**
 * npm run stack [-- <slug> ...]
 * The production stack on this machine, with real parts: PostgreSQL (a cluster under .data/ when
 * DATABASE_URL is unset), two `npm run api` instances, the outbox worker, a sync worker (the job queue), the
 * edge (Caddy) and the CDN layer (Varnish). Prints one URL per tenant, the CDN layer's, and stops
 * everything on Ctrl-C. Needs `apt-get install -y caddy varnish postgresql`. docs/deploy.md has
 * the picture. `npm start` stays the quick single-process way for development.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from '../platform/paths';
import { BuildInputError, buildSites } from '../platform/build/build-all';
import { listTenantSlugs, tenantsDir } from '../src/tenant/load';
import { readPortSettings } from '../platform/serve/tenant-ports';
import type { Children } from '../platform/stack/children';
import { startStack } from '../platform/stack/start';
import { startLocalPostgres, type LocalDatabase } from '../platform/stack/postgres';
import { stackPorts } from '../platform/stack/ports';

const named = process.argv.slice(2).filter((arg) => !arg.startsWith('-'));
const allSlugs = await listTenantSlugs(ROOT);
const slugs = named.length ? named : allSlugs;
const ports = stackPorts(
  readPortSettings(allSlugs, tenantsDir(ROOT), ROOT),
  Number(process.env.STACK_BASE_PORT ?? 8080),
);
const work = path.join(ROOT, '.data', 'stack');
mkdirSync(work, { recursive: true });
let children: Children | undefined;
let database: LocalDatabase | undefined;

async function stop(code: number): Promise<never> {
  await children?.stopAll();
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
  const stack = await startStack({ tenants, root: ROOT, work, databaseUrl, ports });
  children = stack.children;
  console.log('\nThe stack is up (Ctrl-C stops it):');
  for (const tenant of tenants)
    console.log(
      `  ${tenant.slug.padEnd(30)} http://127.0.0.1:${ports.cdn(tenant.slug)}/   (${new URL(tenant.url).hostname})`,
    );
  for (const note of ports.notes) console.log(`  ${note}`);
  console.log(
    `  edge (Caddy) :${ports.edge}, API :${ports.api.join(', :')}, database ${database ? '.data/postgres' : 'DATABASE_URL'}`,
  );
} catch (error) {
  console.error(
    error instanceof BuildInputError ? error.message : `npm run stack: ${(error as Error).message}`,
  );
  await stop(1);
}
