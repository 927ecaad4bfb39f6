import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Meilisearch } from 'meilisearch';
import { siteDocuments } from '../../src/search/site-index';
import { toMeilisearchDocument } from '../../src/search/meilisearch';
import { INDEX_NAME } from '../../src/search/state';
import type { SiteData } from '../../src/site/types';

/**
 * After a sync publishes a tenant on `search.backend: meilisearch`, its stock changes go to
 * Meilisearch too: upserts of the cars whose search document changed or is new, deletions of the
 * cars no longer listed. What was last sent is kept (a digest per document, in `stateFile`), so
 * an unchanged car is never sent again and a failed send is sent whole next time.
 */
export interface MeilisearchTarget {
  host: string;
  apiKey?: string;
  index?: string;
}

export interface MeilisearchSyncResult {
  upserted: number;
  deleted: number;
}

type Sent = Record<string, string>;

const digestOf = (document: Record<string, unknown>) =>
  createHash('sha256').update(JSON.stringify(document)).digest('base64url');

async function readSent(file: string): Promise<Sent | undefined> {
  try {
    return JSON.parse(await readFile(file, 'utf8')) as Sent;
  } catch {
    return undefined;
  }
}

export async function syncMeilisearchStock(
  site: SiteData,
  target: MeilisearchTarget,
  stateFile: string,
  now = Date.now(),
): Promise<MeilisearchSyncResult> {
  const syncedAt = Math.floor(now / 1000);
  const current = new Map(
    siteDocuments(site).map((doc) => [String(doc.objectID), toMeilisearchDocument(doc, syncedAt)]),
  );
  const digests: Sent = Object.fromEntries(
    [...current].map(([id, doc]) => [id, digestOf({ ...doc, synced_at: 0 })]),
  );
  const previous = await readSent(stateFile);
  const sent = previous ?? {};
  const upserts = [...current].filter(([id]) => sent[id] !== digests[id]).map(([, doc]) => doc);
  const deletions = Object.keys(sent).filter((id) => !current.has(id));

  const index = new Meilisearch({ host: target.host, apiKey: target.apiKey }).index(
    target.index ?? INDEX_NAME,
  );
  const settle = async (
    label: string,
    task: {
      waitTask: (options?: {
        timeout?: number;
      }) => Promise<{ status: string; error?: { message: string } | null }>;
    },
  ) => {
    const done = await task.waitTask({ timeout: 60_000 });
    if (done.status !== 'succeeded')
      throw new Error(`${label} failed: ${done.error?.message ?? done.status}`);
  };
  for (const [n, task] of index
    .addDocumentsInBatches(upserts, 1000, { primaryKey: 'objectID' })
    .entries())
    await settle(`upsert batch ${n + 1}`, task);
  if (deletions.length) await settle('deletions', index.deleteDocuments(deletions));
  // The first send knows nothing of what the index held: whatever this send did not touch goes.
  if (!previous)
    await settle(
      'cars no longer listed',
      index.deleteDocuments({ filter: `synced_at < ${syncedAt}` }),
    );

  await mkdir(path.dirname(stateFile), { recursive: true });
  await writeFile(`${stateFile}.tmp`, JSON.stringify(digests));
  await rename(`${stateFile}.tmp`, stateFile);
  return { upserted: upserts.length, deleted: deletions.length };
}
