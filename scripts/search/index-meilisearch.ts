/**
 * npm run index:meilisearch -- <slug> [--host URL] [--batch 1000]
 *
 * Pushes a tenant's listed cars and the index settings to Meilisearch (index Car_production, or
 * the tenant's search.meilisearch.index). Idempotent: settings are applied as a whole, documents
 * are upserted by objectID in batches, and cars no longer listed (not in this run) are deleted.
 * Waits for every task and stops with the server's message if one fails.
 *
 * Needs MEILISEARCH_HOST (or --host, or the tenant's search.meilisearch.host) and
 * MEILISEARCH_ADMIN_KEY (an admin or indexing key; never the search key the browser gets).
 */
import { Meilisearch } from 'meilisearch';
import { loadTenant } from '../../src/tenant/load';
import { prepareSite } from '../../src/site/prepare';
import { siteDocuments } from '../../src/search/site-index';
import { indexSettings, toMeilisearchDocument } from '../../src/search/meilisearch';
import { INDEX_NAME } from '../../src/search/state';
import { ensureSampleData } from '../sample-data/ensure';
import { ROOT } from '../../platform/paths';
import { scriptEnv } from '../../platform/script-env';

function option(name: string): string | undefined {
  const index = process.argv.indexOf(`--${name}`);
  return index > 0 ? process.argv[index + 1] : undefined;
}

const slug = process.argv
  .slice(2)
  .find((arg, index, all) => !arg.startsWith('--') && !all[index - 1]?.startsWith('--'));
if (!slug) {
  console.error(
    'Usage: npm run index:meilisearch -- <tenant-slug> [--host https://search.example.com] [--batch 1000]',
  );
  process.exit(1);
}

const tenant = await loadTenant(slug, ROOT);
const env = scriptEnv();
const host = option('host') ?? env.MEILISEARCH_HOST ?? tenant.search.meilisearch?.host;
const apiKey = env.MEILISEARCH_ADMIN_KEY;
if (!host) {
  console.error(
    `No Meilisearch host: set MEILISEARCH_HOST, pass --host, or set search.meilisearch.host in tenants/${slug}.yaml.`,
  );
  process.exit(1);
}
const batchSize = Number(option('batch') ?? 1000);
const indexUid = tenant.search.meilisearch?.index ?? INDEX_NAME;

await ensureSampleData(ROOT);
const { site } = await prepareSite(tenant, ROOT, new Date());
const syncedAt = Math.floor(Date.now() / 1000);
const documents = siteDocuments(site).map((doc) => toMeilisearchDocument(doc, syncedAt));

const client = new Meilisearch({ host, apiKey });
const index = client.index(indexUid);
const started = performance.now();

async function step(
  label: string,
  task: {
    waitTask: (options?: {
      timeout?: number;
    }) => Promise<{ status: string; error?: { message: string } | null }>;
  },
) {
  const done = await task.waitTask({ timeout: 120_000 });
  if (done.status !== 'succeeded')
    throw new Error(`${label} failed: ${done.error?.message ?? done.status}`);
}

try {
  // createIndex fails harmlessly when the index exists; settings and documents then apply either way.
  await client
    .createIndex(indexUid, { primaryKey: 'objectID' })
    .waitTask()
    .catch(() => undefined);
  await step('settings', index.updateSettings(indexSettings()));
  const tasks = index.addDocumentsInBatches(documents, batchSize, { primaryKey: 'objectID' });
  for (const [n, task] of tasks.entries())
    await step(`documents batch ${n + 1}/${tasks.length}`, task);
  await step(
    'removing cars no longer listed',
    index.deleteDocuments({ filter: `synced_at < ${syncedAt}` }),
  );
  console.log(
    `✔ ${slug}: ${documents.length} cars and settings in ${host} index ${indexUid} (${tasks.length} batch${tasks.length === 1 ? '' : 'es'}) in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
} catch (error) {
  console.error(
    `Meilisearch sync of ${slug} stopped: ${error instanceof Error ? error.message : String(error)}`,
  );
  process.exit(1);
}
