/**
 * npm run bench:api [-- <seconds> <connections>]   (default 10 s, 32 connections)
 *
 * Lead POSTs on loopback: starts the real API server (platform/api/api-server.ts) as a child
 * process over a fresh SQLite file (WAL, synchronous FULL), or with DATABASE_URL set over a fresh
 * schema in that PostgreSQL database (dropped afterwards), fires valid enquiries with autocannon
 * (every request its own idempotency key, so each one is a new stored lead), and prints
 * requests/s, latency p50 / p90 / p99 / max, the 2xx and non-2xx counts, and the leads stored:
 * once flat out (each connection sends as soon as it has an answer: the most the server takes),
 * and once at a steady 1,000 requests/s offered (autocannon overallRate: latency at that load).
 * The per-IP and per-site rate limits stay on, raised through the tenant's documented
 * `leads.rate_limit` settings (API_LEADS) so one benchmark client is not throttled.
 * Target: 1,000 req/s with p99 under 50 ms on the 2-core machine, judged on the steady run.
 * BENCH_API_PORT picks the port (default 4399); BENCH_CPU_PROF=<dir> profiles the server.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { openPostgres } from '../../api/storage/postgres-driver';
import { openSqlite } from '../../api/storage/sqlite-driver';
import { Store } from '../../api/storage/store';
import { ROOT } from '../../platform/paths';

const [seconds = 10, connections = 32] = process.argv
  .slice(2)
  .map(Number)
  .filter((n) => n > 0);
const port = Number(process.env.BENCH_API_PORT ?? 4399);
const dir = mkdtempSync(path.join(tmpdir(), 'bench-api-'));
const dbFile = path.join(dir, 'leads.sqlite');

// DATABASE_URL: a schema of its own in that database, so nothing else's rows are counted or kept.
const postgresUrl = process.env.DATABASE_URL || undefined;
const schema = `bench_api_${process.pid}`;
let scopedUrl: string | undefined;
if (postgresUrl) {
  const admin = new pg.Client({ connectionString: postgresUrl });
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${schema}`);
  await admin.end();
  const scoped = new URL(postgresUrl);
  scoped.searchParams.set('options', `-c search_path=${schema}`);
  scopedUrl = scoped.toString();
}
const database = scopedUrl ? 'PostgreSQL' : 'SQLite file (WAL, synchronous FULL)';

// BENCH_CPU_PROF=<dir>: write a V8 CPU profile of the server there (open it in Chrome DevTools).
const profile = process.env.BENCH_CPU_PROF
  ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(process.env.BENCH_CPU_PROF)}`]
  : [];
const server = spawn(
  process.execPath,
  [...profile, '--import', 'tsx', path.join(ROOT, 'platform/api/api-server.ts')],
  {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      LEADS_DB_FILE: dbFile,
      DATABASE_URL: scopedUrl ?? '',
      // Deliveries go to the server log channel; keep the worker from competing for the CPU mid-run.
      OUTBOX_INTERVAL_MS: '600000',
      API_LEADS: JSON.stringify({
        rate_limit: { per_ip_per_minute: 100_000_000, per_site_per_minute: 100_000_000 },
      }),
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  },
);
await new Promise<void>((resolve, reject) => {
  server.stdout.on('data', (chunk: Buffer) => {
    if (chunk.toString().includes('listening')) resolve();
  });
  server.once('exit', (code) =>
    reject(new Error(`The API server exited (${code}) before listening.`)),
  );
});

let counter = 0;
const startedAt = Date.now() - 10_000;
function leadBody(): string {
  counter++;
  return JSON.stringify({
    form: 'enquiry',
    idempotency_key: `bench-${process.pid}-${counter}`,
    started_at: startedAt,
    website: '',
    car_id: 'bench-car',
    fields: {
      name: 'Jo',
      last_name: `Citizen ${counter}`,
      phone: '0412 345 678',
      email: `jo${counter}@example.com`,
      postcode: '4000',
      message: 'Is it still available? Could I see it on Saturday morning?',
    },
  });
}

const TARGET_RATE = 1000;

function run(duration: number, overallRate?: number): Promise<autocannon.Result> {
  return autocannon({
    url: `http://127.0.0.1:${port}`,
    connections,
    duration,
    ...(overallRate ? { overallRate } : {}),
    requests: [
      {
        method: 'POST',
        path: '/api/leads',
        headers: { 'content-type': 'application/json' },
        setupRequest: (request) => ({ ...request, body: leadBody() }),
      },
    ],
  });
}

try {
  await run(2); // warm-up: JIT, SQLite page cache
  const warmup = counter;
  const flatOut = await run(seconds);
  const steady = await run(seconds, TARGET_RATE);
  const store = new Store(scopedUrl ? openPostgres(scopedUrl) : openSqlite(dbFile));
  const stored = await store.countLeads();
  await store.close();
  const twoxx = flatOut['2xx'] + steady['2xx'];
  console.log(
    `\nPOST /api/leads, ${database}, ${connections} connections, ${seconds} s per run, loopback`,
  );
  for (const [label, result] of [
    ['flat out', flatOut],
    [`${TARGET_RATE.toLocaleString('en-AU')} req/s offered`, steady],
  ] as const) {
    console.log(`  ${label}:`);
    console.log(
      `    requests/s   ${Math.round(result.requests.average)} (total ${result.requests.total})`,
    );
    console.log(
      `    latency ms   p50 ${result.latency.p50}  p90 ${result.latency.p90}  p99 ${result.latency.p99}  max ${result.latency.max}  (mean ${result.latency.average})`,
    );
    console.log(
      `    2xx          ${result['2xx']}  non-2xx ${result.non2xx}  errors ${result.errors}  timeouts ${result.timeouts}`,
    );
  }
  console.log(
    `  leads stored ${stored} (warm-up ${warmup} + both runs; every 2xx is a stored lead: ${stored >= twoxx ? 'yes' : 'NO'})`,
  );
  const met = steady.requests.average >= TARGET_RATE * 0.99 && steady.latency.p99 < 50;
  console.log(`  target 1,000 req/s with p99 < 50 ms: ${met ? 'met' : 'not met'}`);
} finally {
  server.kill('SIGTERM');
  await new Promise((resolve) => server.once('exit', resolve));
  rmSync(dir, { recursive: true, force: true });
  if (postgresUrl) {
    const admin = new pg.Client({ connectionString: postgresUrl });
    await admin.connect();
    await admin.query(`DROP SCHEMA ${schema} CASCADE`);
    await admin.end();
  }
}
