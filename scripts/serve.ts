/**
 * npm run serve [-- <slug> ...]
 * Serves the already built sites in dist/ (each on its own port) with the API. `npm start`
 * builds first when needed.
 */
import { listTenantSlugs } from '../src/tenant/load';
import { DEFAULT_BASE_PORT, startLocalServer } from '../platform/serve/local-server';
import { existsSync } from 'node:fs';
import { ROOT, siteDir, snapshotFile } from '../platform/paths';
import { scriptEnv } from '../platform/script-env';

export async function serveSites(slugs: string[]): Promise<void> {
  const allSlugs = await listTenantSlugs(ROOT);
  const wanted = slugs.length ? slugs : allSlugs;
  const missing = wanted.filter(
    (slug) => !existsSync(siteDir(slug)) || !existsSync(snapshotFile(slug)),
  );
  if (missing.length) {
    console.error(
      `Not built yet: ${missing.join(', ')}. Run \`npm run build\` (or \`npm start\`, which builds when needed).`,
    );
    process.exit(1);
  }
  const env = scriptEnv();
  const basePort = env.PORT ?? DEFAULT_BASE_PORT;
  const server = await startLocalServer({
    slugs: wanted,
    allSlugs,
    basePort,
    host: env.HOST ?? '127.0.0.1',
  });
  console.log('\nDealer sites running (Ctrl+C to stop):');
  const width = Math.max(...server.sites.map((site) => site.slug.length));
  const urlWidth = Math.max(...server.sites.map((site) => site.url.length));
  for (const site of server.sites)
    console.log(
      `  ${site.slug.padEnd(width)}  ${site.url.padEnd(urlWidth)}  ${site.portFrom === 'local_port' ? 'local_port' : 'port from the slug'}`,
    );
  for (const note of server.portNotes) console.log(`! ${note}`);
  const stop = () => void server.close().then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await serveSites(process.argv.slice(2).filter((arg) => !arg.startsWith('-')));
}
