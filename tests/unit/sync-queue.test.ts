import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { isolateBuild } from '../support/isolated-build';
import { storeKinds } from '../support/stores';

/**
 * `npm run sync-worker` x 2 over one PostgreSQL queue, 20 tenants: each changed tenant is
 * published once, and the sync of a worker SIGKILLed mid-build is completed by the other.
 */
const root = path.resolve(import.meta.dirname, '../..');
// Read before isolateBuild, which unsets DATABASE_URL for the build modules.
const postgres = storeKinds().find((kind) => kind.name === 'postgres')!;
const work = isolateBuild('sync-queue-');
const { tenantInputsHash } = await import('../../platform/build/inputs-hash');
const { loadTenant } = await import('../../src/tenant/load');
const { stockState } = await import('../../platform/sync/diff');
const { validateFeed } = await import('../../src/feeds/load');

const fixture = readFileSync(
  path.join(root, 'tests/fixtures/tenants/valid/fixture-dealer.yaml'),
  'utf8',
);
const cars = readFileSync(path.join(root, 'tests/fixtures/feeds/mini/cars.json'), 'utf8');
const SLUGS = Array.from({ length: 20 }, (_, n) => `queued-${String(n).padStart(2, '0')}`);
/** These two have a feed the live site was not built from; the other 18 are up to date. */
const CHANGED = ['queued-03', 'queued-12'];
const children: ChildProcess[] = [];
afterAll(() => {
  for (const child of children) child.kill('SIGKILL');
  rmSync(work, { recursive: true, force: true });
});

async function tenants() {
  mkdirSync(path.join(work, 'tenants'), { recursive: true });
  mkdirSync(path.join(work, 'feeds'), { recursive: true });
  for (const slug of SLUGS) {
    const feed = path.join(work, 'feeds', `${slug}.json`);
    writeFileSync(feed, cars);
    writeFileSync(
      path.join(work, 'tenants', `${slug}.yaml`),
      fixture
        .replace('slug: fixture-dealer', `slug: ${slug}`)
        .replace('cars: tests/fixtures/feeds/mini/cars.json', `cars: ${feed}`),
    );
    if (CHANGED.includes(slug)) continue;
    // Live and stamped as built from exactly these inputs, with the stock it lists: a sync finds nothing to do.
    const live = path.join(work, 'dist', slug);
    mkdirSync(live, { recursive: true });
    writeFileSync(path.join(live, 'index.html'), `<h1>${slug}</h1>`);
    const cache = path.join(work, 'cache', slug);
    mkdirSync(cache, { recursive: true });
    writeFileSync(
      path.join(cache, 'stamp.json'),
      JSON.stringify({ hash: await tenantInputsHash(await loadTenant(slug, root)) }),
    );
    writeFileSync(
      path.join(cache, 'stock-state.json'),
      JSON.stringify(stockState(validateFeed('cars', JSON.parse(cars), feed).records)),
    );
  }
}

describe.skipIf(!postgres.available)('npm run sync-worker x 2 over PostgreSQL', () => {
  it(
    'publishes each changed tenant once, and finishes a killed worker’s sync on the other',
    { timeout: 420_000 },
    async () => {
      await tenants();
      const { env: storeEnv, dispose, store } = await postgres.open();
      const queueSchema = `sync_queue_${process.pid}_${Date.now()}`;
      const outputs: string[] = [];
      const start = (name: string) => {
        const child = spawn(
          process.execPath,
          ['--import', 'tsx', 'scripts/sync-worker.ts', ...SLUGS, '--interval=3600'],
          {
            cwd: root,
            env: {
              ...process.env,
              ...storeEnv,
              LOG_FORMAT: 'json',
              SYNC_QUEUE_SCHEMA: queueSchema,
            },
          },
        );
        const index = outputs.push('') - 1;
        child.stdout.on('data', (chunk: Buffer) => (outputs[index] += chunk.toString()));
        child.stderr.on('data', (chunk: Buffer) => (outputs[index] += chunk.toString()));
        children.push(child);
        return { name, child, output: () => outputs[index]! };
      };
      try {
        // Worker A starts alone and is killed once it is building a changed tenant.
        const a = start('a');
        const building = () =>
          CHANGED.find((slug) => existsSync(path.join(work, 'dist', `.tmp-${slug}`)));
        await expect.poll(building, { timeout: 90_000, interval: 20 }).toBeDefined();
        const killedDuring = building()!;
        a.child.kill('SIGKILL');
        await new Promise((resolve) => a.child.once('exit', resolve));
        expect(existsSync(path.join(work, 'dist', killedDuring, 'index.html'))).toBe(false);

        const b = start('b');
        const c = start('c');
        const rebuilt = (slug: string) =>
          outputs
            .join('\n')
            .split('\n')
            .filter((line) => line.includes(`"msg":"${slug}: `) && line.includes('-> rebuilt'))
            .length;
        // The line is logged after the swap and the purge, so wait for the line, not the folder.
        // Generous: on a busy 2-core machine each build of the fixture site can take a minute.
        await expect
          .poll(() => CHANGED.filter((slug) => rebuilt(slug) > 0), {
            timeout: 300_000,
            interval: 500,
          })
          .toEqual(CHANGED);
        for (const slug of CHANGED)
          expect(existsSync(path.join(work, 'dist', slug, 'cars')), slug).toBe(true);
        for (const slug of CHANGED) expect(rebuilt(slug), slug).toBe(1);
        expect(b.output() + c.output()).toContain(`"msg":"${killedDuring}: first sync`);
        for (const slug of SLUGS.filter((slug) => !CHANGED.includes(slug)))
          expect(rebuilt(slug), slug).toBe(0);
        // Every tenant was synced by one of the workers. A worker that starts while another syncs a
        // tenant may queue that tenant once more (stately: one waiting, one running); that rerun
        // finds it unchanged, which the rebuilt counts above allow.
        const synced = (slug: string) =>
          outputs.join('\n').match(new RegExp(`"msg":"${slug}: (unchanged|first sync)`, 'g'))
            ?.length ?? 0;
        await expect
          .poll(() => SLUGS.filter((slug) => synced(slug) === 0), { timeout: 60_000 })
          .toEqual([]);
        b.child.kill('SIGTERM');
        c.child.kill('SIGTERM');
        await Promise.all(
          [b, c].map(
            ({ child }) =>
              new Promise((resolve) =>
                child.exitCode === null ? child.once('exit', resolve) : resolve(null),
              ),
          ),
        );
      } finally {
        await store.driver.run(`DROP SCHEMA IF EXISTS ${queueSchema} CASCADE`);
        await dispose();
      }
    },
  );
});
