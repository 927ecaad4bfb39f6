import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import {
  createServer,
  request as httpRequest,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import type { Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { build } from 'esbuild';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { signBody } from '../../api/outbox/deliver';
import { apiOnlySite } from '../../platform/api/api-server';
import { freePort } from '../support/free-port';

/**
 * Zero-loss under faults: 2,000 leads posted to the production API (`npm run api`, scripts/api.ts,
 * bundled, over a SQLite file) running as a real child process that is SIGKILLed at random moments and restarted
 * at least 10 times, while the dealer's webhook receiver (a local HTTP server) is down for part of
 * the run. The client retries every unanswered request with the same idempotency key. Afterwards:
 * every lead that got a 2xx is stored exactly once and reached the webhook (counted once per lead
 * after the receiver drops repeats of one delivery); a lead that never got an answer is stored at
 * most once.
 */
const LEADS = Number(process.env.FAULT_LEADS ?? 2000);
const KILLS = 12;
const CONCURRENCY = 8;
const MAX_ATTEMPTS = 20;
const SECRET = 'fault-test-secret';
const ROOT = process.cwd();

const dir = mkdtempSync(path.join(tmpdir(), 'leads-fault-'));
const dbFile = path.join(dir, 'leads.sqlite');
// The server script bundled once (dependencies stay in node_modules): each of the 13 starts then
// costs Node's start-up, not a TypeScript transform of every module, which matters on a busy machine.
// Under .cache/<name>/ so the bundle's ROOT (two folders up from it) is still the project root.
const bundle = path.join(ROOT, '.cache', `fault-test-${process.pid}`, 'api.mjs');
const HOST = 'www.baysidetoyota.example.com.au';
beforeAll(async () => {
  await build({
    entryPoints: [path.join(ROOT, 'scripts/api.ts')],
    outfile: bundle,
    bundle: true,
    packages: 'external',
    platform: 'node',
    format: 'esm',
    target: 'node22',
    logLevel: 'error',
  });
});

/** Every API process this file started that may still run: killed when the file ends, even on a timeout. */
const running = new Set<ChildProcess>();
afterAll(() => {
  for (const child of running) child.kill('SIGKILL');
  rmSync(dir, { recursive: true, force: true });
  rmSync(path.dirname(bundle), { recursive: true, force: true });
});

const random = (min: number, max: number) => min + Math.random() * (max - min);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The dealer's webhook: checks each signature, keeps one entry per delivery id, can go down and up on its port. */
function webhookReceiver(port: number) {
  const deliveries = new Map<string, string>(); // X-Lead-Delivery -> lead id
  const perLead = new Map<string, number>(); // lead id -> deliveries accepted (after dropping repeats)
  let hits = 0;
  let repeats = 0;
  let badSignatures = 0;
  let server: Server | undefined;
  const sockets = new Set<Socket>();
  const handler = (request: IncomingMessage, response: ServerResponse) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      hits++;
      if (request.headers['x-lead-signature'] !== signBody(body, SECRET)) {
        badSignatures++;
        response.writeHead(401).end();
        return;
      }
      const delivery = String(request.headers['x-lead-delivery']);
      const leadId = String(request.headers['x-lead-id']);
      if (deliveries.has(delivery)) repeats++;
      else {
        deliveries.set(delivery, leadId);
        perLead.set(leadId, (perLead.get(leadId) ?? 0) + 1);
      }
      response.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
    });
  };
  return {
    url: `http://127.0.0.1:${port}/leads`,
    perLead,
    stats: () => ({ hits, repeats, badSignatures }),
    async up() {
      server = createServer(handler);
      server.on('connection', (socket) => {
        sockets.add(socket);
        socket.on('close', () => sockets.delete(socket));
      });
      await new Promise<void>((resolve) => server!.listen(port, '127.0.0.1', resolve));
    },
    /** Down as a crashed receiver is: the port refuses connections and open ones are cut. */
    async down() {
      const closing = server;
      server = undefined;
      if (!closing) return;
      const closed = new Promise((resolve) => closing.close(resolve));
      for (const socket of sockets) socket.destroy();
      await closed;
    },
  };
}

/**
 * The API as a child process; `kill()` is a SIGKILL (no cleanup, no flush), `start()` a fresh process.
 * It serves bayside-toyota's site data as a build leaves it, with the dealer's webhook and raised limits.
 */
function apiProcess(port: number, webhookUrl: string) {
  const cache = path.join(dir, 'cache');
  mkdirSync(path.join(cache, 'bayside-toyota'), { recursive: true });
  const site = apiOnlySite('bayside-toyota', {
    webhook: { url: webhookUrl, secret_env: 'FAULT_WEBHOOK_SECRET' },
    rate_limit: { per_ip_per_minute: 10_000_000, per_site_per_minute: 10_000_000 },
  });
  writeFileSync(path.join(cache, 'bayside-toyota', 'site.json'), JSON.stringify(site));
  let child: ChildProcess | undefined;
  let exited: Promise<unknown> = Promise.resolve();
  return {
    port,
    async start() {
      // The Node running the tests (22, with node:sqlite).
      const started = spawn(process.execPath, [bundle, 'bayside-toyota'], {
        cwd: ROOT,
        env: {
          ...process.env,
          PORT: String(port),
          LEADS_DB_FILE: dbFile,
          DATABASE_URL: '',
          FAULT_WEBHOOK_SECRET: SECRET,
          OUTBOX_INTERVAL_MS: '100',
          OUTBOX_BATCH: '100',
          // A killed process's claimed deliveries are retried by the next one after 5 s.
          OUTBOX_LEASE_MS: '5000',
          BUILD_CACHE_DIR: cache,
          LOG_LEVEL: 'warn',
          LOG_FORMAT: 'json',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      child = started;
      running.add(started);
      exited = new Promise((resolve) => started.once('exit', resolve));
      started.once('exit', () => running.delete(started));
      // Delivery failures while the receiver is down are expected; kept to explain an early exit.
      let stderr = '';
      started.stderr!.on(
        'data',
        (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-2000)),
      );
      await new Promise<void>((resolve, reject) => {
        // Up once it answers (the warn log level keeps request lines out of the pipe).
        const poll = setInterval(() => {
          post(port, '/api/health', '', 1000).then(
            (answer) => answer.status === 200 && (clearInterval(poll), resolve()),
            () => {},
          );
        }, 50);
        started.once('exit', () => clearInterval(poll));
        started.once('exit', (code) =>
          reject(new Error(`The API exited (${code}) before listening:\n${stderr}`)),
        );
      });
    },
    async kill(signal: NodeJS.Signals = 'SIGKILL') {
      child?.kill(signal);
      await exited;
      child = undefined;
    },
  };
}

/** A request to the dealer's host name (the API picks the tenant by Host); `timeoutMs` with no answer is an error. */
function post(
  port: number,
  pathname: string,
  body: string,
  timeoutMs: number,
): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      {
        host: '127.0.0.1',
        port,
        method: body ? 'POST' : 'GET',
        path: pathname,
        headers: { host: HOST, 'content-type': 'application/json' },
      },
      (response) => {
        let text = '';
        response.on('data', (chunk: Buffer) => (text += chunk.toString()));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, text }));
        response.on('error', reject);
      },
    );
    request.setTimeout(timeoutMs, () => request.destroy(new Error('no answer in time')));
    request.on('error', reject);
    request.end(body || undefined);
  });
}

type Outcome = { status: number; leadId: string } | { status: 'no answer' };

it(`stores and delivers every acknowledged lead exactly once through ${KILLS} SIGKILLs and a webhook outage`, async () => {
  const receiver = webhookReceiver(await freePort());
  const api = apiProcess(await freePort(), receiver.url);
  await receiver.up();
  await api.start();

  let sent = 0;
  let retries = 0;
  let kills = 0;
  let done = false;
  const outcomes: Outcome[] = new Array(LEADS);
  const startedAt = Date.now() - 60_000;

  /** One shopper's lead: POST, and on no answer (or a 5xx) the same body again, up to MAX_ATTEMPTS. */
  async function submit(index: number): Promise<Outcome> {
    const body = JSON.stringify({
      form: 'enquiry',
      idempotency_key: `fault-lead-${index}`,
      started_at: startedAt,
      website: '',
      car_id: 'bench-car',
      fields: {
        name: 'Jo',
        last_name: `Fault ${index}`,
        phone: '0412 345 678',
        email: `jo${index}@example.com`,
        postcode: '4000',
        message: 'Still available?',
      },
    });
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
      if (attempt > 1) {
        retries++;
        await sleep(Math.min(50 * 2 ** (attempt - 2), 1000));
      }
      try {
        const response = await post(api.port, '/api/leads', body, 5000);
        if (response.status >= 500) continue;
        const answer = JSON.parse(response.text) as { lead_id?: string; error?: string };
        if (!answer.lead_id)
          throw new Error(
            `Lead ${index} refused: HTTP ${response.status} ${JSON.stringify(answer)}`,
          );
        return { status: response.status, leadId: answer.lead_id };
      } catch (error) {
        if (error instanceof Error && error.message.startsWith('Lead ')) throw error;
        // Connection refused or reset, or the answer cut off mid-way: unanswered, so retry.
      }
    }
    return { status: 'no answer' };
  }

  const clients = Array.from({ length: CONCURRENCY }, async () => {
    while (sent < LEADS) {
      const index = sent++;
      outcomes[index] = await submit(index);
    }
  });

  // The receiver is down from 20% to 40% of the leads.
  const outage = (async () => {
    while (sent < LEADS * 0.2) await sleep(20);
    await receiver.down();
    while (sent < LEADS * 0.4) await sleep(20);
    await receiver.up();
  })();

  // Kill the API at random moments while leads are being sent: at KILLS random points spread over
  // the leads (by count, so a slow machine gets as many kills), each a random few ms after the point.
  const killPoints = Array.from({ length: KILLS }, (_, i) =>
    Math.floor(((i + random(0.1, 0.9)) / KILLS) * LEADS * 0.9),
  );
  const killer = (async () => {
    for (const point of killPoints) {
      while (sent < point && !done) await sleep(5);
      if (done) break;
      await sleep(random(0, 40));
      await api.kill('SIGKILL');
      kills++;
      await api.start();
    }
  })();

  const progress = process.env.FAULT_DEBUG
    ? setInterval(
        () =>
          console.log(
            `[fault] ${((Date.now() - startedAt - 60_000) / 1000).toFixed(0)} s: sent ${sent}, retries ${retries}, kills ${kills}`,
          ),
        2000,
      )
    : undefined;
  // Keep killing after the leads are all sent until there were enough kills; a failed restart fails the test.
  await Promise.race([
    Promise.all([Promise.all(clients), killer]),
    new Promise((_, reject) => killer.catch(reject)),
  ]);
  done = true;
  await killer;
  await outage;
  clearInterval(progress);

  const acknowledged = outcomes.filter(
    (outcome): outcome is { status: number; leadId: string } => outcome.status !== 'no answer',
  );
  const unanswered = outcomes.filter((outcome) => outcome.status === 'no answer').length;

  // Let the last process deliver what is still in the outbox (failed attempts back off 5 s, 10 s ...).
  const deadline = Date.now() + 60_000;
  const storedSubmitted = () => {
    const db = new DatabaseSync(dbFile, { readOnly: true });
    try {
      return Number(
        (
          db.prepare(`SELECT COUNT(*) AS n FROM leads WHERE status = 'submitted'`).get() as {
            n: number;
          }
        ).n,
      );
    } finally {
      db.close();
    }
  };
  // A delivery the receiver took just before a kill is retried (and dropped as a repeat) after its
  // back-off: wait for the outbox to drain, not only for the receiver to have every lead.
  const undelivered = () => {
    const db = new DatabaseSync(dbFile, { readOnly: true });
    try {
      return Number(
        (
          db.prepare(`SELECT COUNT(*) AS n FROM outbox WHERE status != 'delivered'`).get() as {
            n: number;
          }
        ).n,
      );
    } finally {
      db.close();
    }
  };
  while (
    (receiver.perLead.size < storedSubmitted() || undelivered() > 0) &&
    Date.now() < deadline
  ) {
    if (process.env.FAULT_DEBUG)
      console.log(`[fault] delivered ${receiver.perLead.size} of ${storedSubmitted()}`);
    await sleep(1000);
  }
  await api.kill('SIGTERM');
  await receiver.down();

  const db = new DatabaseSync(dbFile, { readOnly: true });
  const rows = db
    .prepare(
      `SELECT l.id, l.fields, r.idempotency_key FROM leads l LEFT JOIN lead_requests r ON r.lead_id = l.id`,
    )
    .all() as {
    id: string;
    fields: string;
    idempotency_key: string | null;
  }[];
  const pending = undelivered();
  // Deliveries that needed more than one attempt: the receiver was down (or the process died) when first tried.
  const retriedDeliveries = Number(
    (db.prepare(`SELECT COUNT(*) AS n FROM outbox WHERE attempts > 1`).get() as { n: number }).n,
  );
  db.close();

  const storedPerLead = new Map<number, string[]>();
  for (const row of rows) {
    const index = Number(
      (JSON.parse(row.fields) as { last_name: string }).last_name.replace('Fault ', ''),
    );
    storedPerLead.set(index, [...(storedPerLead.get(index) ?? []), row.id]);
    expect(row.idempotency_key, 'every stored lead is claimed by its idempotency key').toBe(
      `fault-lead-${index}`,
    );
  }
  const summary = {
    leads: LEADS,
    acknowledged: acknowledged.length,
    created201: acknowledged.filter((outcome) => outcome.status === 201).length,
    repeated200: acknowledged.filter((outcome) => outcome.status === 200).length,
    unanswered,
    retries,
    kills,
    stored: rows.length,
    deliveredLeads: receiver.perLead.size,
    ...receiver.stats(),
    outboxNotDelivered: pending,
    retriedDeliveries,
  };
  console.log(
    `Fault test: ${summary.leads} leads sent, ${summary.acknowledged} answered 2xx (${summary.created201} x 201, ${summary.repeated200} x 200 on a retry), ` +
      `${summary.unanswered} never answered, ${summary.retries} retries, ${summary.kills} SIGKILLs; ${summary.stored} stored, ` +
      `${summary.deliveredLeads} delivered to the webhook (${summary.hits} webhook requests, ${summary.repeats} repeats of a delivery dropped by the receiver, ` +
      `${summary.badSignatures} bad signatures, ${summary.retriedDeliveries} deliveries needed more than one attempt), ${summary.outboxNotDelivered} not delivered.`,
  );

  expect(kills).toBe(KILLS);
  expect(summary.badSignatures).toBe(0);
  outcomes.forEach((outcome, index) => {
    const stored = storedPerLead.get(index) ?? [];
    if (outcome.status === 'no answer')
      expect(stored.length, `lead ${index} (no answer) stored at most once`).toBeLessThanOrEqual(1);
    else {
      expect(
        stored,
        `lead ${index} (${outcome.status}) stored exactly once, as the id it was answered with`,
      ).toEqual([outcome.leadId]);
      expect(receiver.perLead.get(outcome.leadId), `lead ${index} delivered exactly once`).toBe(1);
    }
  });
  // Nothing stored that was not a lead we sent, and nothing delivered twice or left behind.
  expect(rows.length).toBe(storedPerLead.size);
  expect([...receiver.perLead.values()].every((count) => count === 1)).toBe(true);
  expect(pending).toBe(0);
  // The run really did hit the faults it is about.
  expect(retries).toBeGreaterThan(0);
  expect(retriedDeliveries, 'some deliveries met the receiver down').toBeGreaterThan(0);
}, 600_000);
