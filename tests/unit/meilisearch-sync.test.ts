import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { syncMeilisearchStock } from '../../platform/search/meilisearch-sync';
import type { SiteData } from '../../src/site/types';
import { apiTestSite } from '../support/api-site';

/**
 * A sync's stock changes to Meilisearch, checked at a local HTTP receiver that answers as a
 * Meilisearch server does (tasks enqueued, then succeeded): no Meilisearch server installs here.
 */
interface Seen {
  method: string;
  path: string;
  authorization?: string;
  body: unknown;
}
const seen: Seen[] = [];
let server: Server;
let host: string;
const work = mkdtempSync(path.join(tmpdir(), 'meili-sync-'));

beforeAll(async () => {
  let task = 0;
  server = createServer((request, response) => {
    let text = '';
    request.on('data', (chunk: Buffer) => (text += chunk.toString()));
    request.on('end', () => {
      const url = request.url ?? '';
      if (request.method === 'GET' && url.startsWith('/tasks/')) {
        const uid = Number(url.split('/')[2]);
        return void response.writeHead(200, { 'content-type': 'application/json' }).end(
          JSON.stringify({
            uid,
            taskUid: uid,
            status: 'succeeded',
            type: 'documentAdditionOrUpdate',
          }),
        );
      }
      seen.push({
        method: request.method!,
        path: url,
        authorization: request.headers.authorization,
        body: text ? (JSON.parse(text) as unknown) : undefined,
      });
      response.writeHead(202, { 'content-type': 'application/json' }).end(
        JSON.stringify({
          taskUid: ++task,
          indexUid: 'Car_production',
          status: 'enqueued',
          type: 'x',
          enqueuedAt: new Date().toISOString(),
        }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  host = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  rmSync(work, { recursive: true, force: true });
});

const base = apiTestSite();
const car = base.cars[0]!;
function siteWith(cars: Record<string, unknown>[]): SiteData {
  return { ...base, cars: cars as unknown as SiteData['cars'] };
}

describe('a sync on search.backend: meilisearch', () => {
  it('sends every car the first time and drops what the index held before; then only the cars that changed', async () => {
    const state = path.join(work, 'sent.json');
    const target = { host, apiKey: 'admin-key', index: 'Car_production' };
    const cars = [0, 1, 2].map((n) => ({
      ...car,
      id: `car-${n}`,
      slug: `2023-toyota-corolla-car-${n}`,
      price: 20_000 + n,
      images: [],
    }));

    expect(
      await syncMeilisearchStock(siteWith(cars), target, state, Date.UTC(2026, 10, 27)),
    ).toEqual({ upserted: 3, deleted: 0 });
    expect(seen.map(({ method, path: url }) => `${method} ${url}`)).toEqual([
      'POST /indexes/Car_production/documents?primaryKey=objectID',
      'POST /indexes/Car_production/documents/delete',
    ]);
    expect((seen[0]!.body as { objectID: string }[]).map((doc) => doc.objectID).sort()).toEqual([
      'car-0',
      'car-1',
      'car-2',
    ]);
    expect(seen[0]!.authorization).toBe('Bearer admin-key');
    expect(seen[1]!.body).toEqual({ filter: `synced_at < ${Date.UTC(2026, 10, 27) / 1000}` });

    // car-1 repriced, car-2 gone: one upsert, one deletion.
    seen.length = 0;
    const next = [cars[0]!, { ...cars[1]!, price: 18_990 }];
    expect(await syncMeilisearchStock(siteWith(next), target, state)).toEqual({
      upserted: 1,
      deleted: 1,
    });
    expect(seen.map(({ method, path: url }) => `${method} ${url}`)).toEqual([
      'POST /indexes/Car_production/documents?primaryKey=objectID',
      'POST /indexes/Car_production/documents/delete-batch',
    ]);
    expect(seen[0]!.body).toEqual([expect.objectContaining({ objectID: 'car-1', price: 18_990 })]);
    expect(seen[1]!.body).toEqual(['car-2']);

    // Nothing changed: nothing is sent.
    seen.length = 0;
    expect(await syncMeilisearchStock(siteWith(next), target, state)).toEqual({
      upserted: 0,
      deleted: 0,
    });
    expect(seen).toEqual([]);
  });
});
