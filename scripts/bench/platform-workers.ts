import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:http';
import { readFile, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { ROOT } from '../../platform/paths';

/**
 * bench:platform -- --workers=<n>: sync workers sharing the generated tenants through the job
 * queue (platform/sync/queue.ts), as `npm run sync-worker` processes on one PostgreSQL, each
 * publish purging a local HTTP receiver that stands for the CDN (CDN_PURGE=varnish:<receiver>).
 * For 1 to n workers it times (1) a pass over every tenant with nothing changed, (2) a pass after
 * one car's price changed in `changed` tenants' feeds: until each of them is published and its
 * purges have arrived. Each pass is a fresh queue (its own schema), so every tenant is due at once.
 */
export interface WorkerPass {
  workers: number;
  /** Seconds from the workers' start until every tenant had its sync. */
  unchangedPass: number;
  /** Seconds from the workers' start until the first sync (the processes' start-up). */
  startUp: number;
  /** Seconds from the workers' start until every changed tenant was published and purged. */
  changedPublished: number;
  /** The whole pass with the changed tenants in it. */
  changedPass: number;
  /** Sync seconds of the changed tenants, as their lines say. */
  changedSyncSeconds: number[];
  load: string;
}

interface SyncLine {
  tenant: string;
  outcome: string;
  seconds: number;
  at: number;
}

/** A PURGE receiver: the hosts it was asked to purge, and when each first was. */
async function purgeReceiver() {
  const firstPurge = new Map<string, number>();
  const server = createServer((request, response) => {
    const host = String(request.headers.host ?? '');
    if (request.method === 'PURGE' && !firstPurge.has(host))
      firstPurge.set(host, performance.now());
    request.resume();
    response.writeHead(200).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    firstPurge,
    address: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => server.close(),
  };
}

/** Starts `count` sync workers on `schema` and resolves with each tenant's first sync line, once all `slugs` have one. */
async function runPass(
  env: NodeJS.ProcessEnv,
  schema: string,
  count: number,
  slugs: string[],
  until: (lines: Map<string, SyncLine>) => boolean,
) {
  const lines = new Map<string, SyncLine>();
  const children: ChildProcess[] = [];
  const started = performance.now();
  for (let index = 0; index < count; index++) {
    const child = spawn(
      path.join(ROOT, 'node_modules/.bin/tsx'),
      ['scripts/sync-worker.ts', ...slugs, '--interval=3600'],
      {
        cwd: ROOT,
        env: { ...env, SYNC_QUEUE_SCHEMA: schema, LOG_LEVEL: 'info', LOG_FORMAT: 'json' },
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    let rest = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      const text = rest + chunk.toString();
      const parts = text.split('\n');
      rest = parts.pop()!;
      for (const part of parts) {
        try {
          const entry = JSON.parse(part) as { tenant?: string; outcome?: string; seconds?: number };
          if (entry.tenant && entry.outcome && !lines.has(entry.tenant))
            lines.set(entry.tenant, {
              tenant: entry.tenant,
              outcome: entry.outcome,
              seconds: entry.seconds ?? 0,
              at: performance.now(),
            });
        } catch {
          // Not a log line.
        }
      }
    });
    children.push(child);
  }
  const deadline = started + 60 * 60_000;
  while (!until(lines) && performance.now() < deadline)
    await new Promise((resolve) => setTimeout(resolve, 100));
  await Promise.all(
    children.map(
      (child) =>
        new Promise((resolve) => {
          child.once('exit', resolve);
          child.kill('SIGTERM');
        }),
    ),
  );
  return { lines, started };
}

export async function benchWorkers({
  env,
  slugs,
  feeds,
  changed,
  maxWorkers,
  hostOf,
  load,
}: {
  env: NodeJS.ProcessEnv;
  slugs: string[];
  feeds: string[];
  changed: number;
  maxWorkers: number;
  hostOf: (slug: string) => string;
  load: () => string;
}): Promise<WorkerPass[]> {
  const receiver = await purgeReceiver();
  const purgeEnv = { ...env, CDN_PURGE: `varnish:${receiver.address}` };
  // Spread over the queue's order, so no worker count gets them all at the front.
  const changedAt = Array.from({ length: changed }, (_, index) =>
    Math.floor(((index + 0.5) * slugs.length) / changed),
  );
  const passes: WorkerPass[] = [];
  try {
    for (let workers = 1; workers <= maxWorkers; workers++) {
      const passLoad = load();
      const quiet = await runPass(
        purgeEnv,
        `sync_bench_${workers}_quiet`,
        workers,
        slugs,
        (lines) => lines.size === slugs.length,
      );
      const unchangedPass =
        (Math.max(...[...quiet.lines.values()].map((line) => line.at)) - quiet.started) / 1000;
      const startUp =
        (Math.min(...[...quiet.lines.values()].map((line) => line.at)) - quiet.started) / 1000;
      const notQuiet = [...quiet.lines.values()].filter((line) => line.outcome !== 'unchanged');
      if (notQuiet.length)
        console.log(
          `  (${notQuiet.length} tenants were not unchanged in the quiet pass: ${notQuiet.map((line) => `${line.tenant} ${line.outcome}`).join(', ')})`,
        );
      console.log(
        `${workers} worker(s): a pass over ${slugs.length} tenants, nothing changed: ${unchangedPass.toFixed(1)} s (first sync after ${startUp.toFixed(1)} s)`,
      );

      // One car's price in each changed tenant's feed.
      for (const at of changedAt) {
        const cars = JSON.parse(await readFile(feeds[at]!, 'utf8')) as { price?: number }[];
        cars[0]!.price = (cars[0]!.price ?? 30_000) - 100 * workers;
        await writeFile(feeds[at]!, JSON.stringify(cars));
      }
      const changedSlugs = changedAt.map((at) => slugs[at]!);
      receiver.firstPurge.clear();
      const busy = await runPass(
        purgeEnv,
        `sync_bench_${workers}_changed`,
        workers,
        slugs,
        (lines) =>
          lines.size === slugs.length &&
          changedSlugs.every((slug) => receiver.firstPurge.has(hostOf(slug))),
      );
      const done = changedSlugs.map((slug) => busy.lines.get(slug));
      const failed = done.filter((line) => line?.outcome !== 'rebuilt');
      if (failed.length)
        console.log(
          `  (changed tenants not rebuilt: ${failed.map((line) => `${line?.tenant} ${line?.outcome}`).join(', ')})`,
        );
      const changedPublished =
        (Math.max(...done.map((line) => line?.at ?? Number.NaN)) - busy.started) / 1000;
      const changedPass =
        (Math.max(...[...busy.lines.values()].map((line) => line.at)) - busy.started) / 1000;
      const changedSyncSeconds = done.map((line) => line?.seconds ?? Number.NaN);
      console.log(
        `${workers} worker(s): ${changed} of ${slugs.length} feeds changed: all ${changed} published and purged after ${changedPublished.toFixed(1)} s (whole pass ${changedPass.toFixed(1)} s; each sync ${Math.min(...changedSyncSeconds).toFixed(1)}-${Math.max(...changedSyncSeconds).toFixed(1)} s)`,
      );
      passes.push({
        workers,
        unchangedPass,
        startUp,
        changedPublished,
        changedPass,
        changedSyncSeconds,
        load: passLoad,
      });
    }
  } finally {
    receiver.close();
  }
  return passes;
}
