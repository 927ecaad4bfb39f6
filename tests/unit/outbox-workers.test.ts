import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { LeadSubmission } from '../../api/storage/store';
import { apiTestSite } from '../support/api-site';
import { startSmtpReceiver } from '../support/receivers';
import { storeKinds } from '../support/stores';

/**
 * `npm run worker` as several real processes over one database: each lead is delivered once
 * (counted by delivery id at a real receiver), and a worker SIGKILLed while it holds claims has
 * them taken over when their lease ends.
 */
const root = path.resolve(import.meta.dirname, '../..');
const work = mkdtempSync(path.join(tmpdir(), 'outbox-workers-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const LEASE_MS = 2000;

/** A CRM webhook: `mode` decides each answer; accepted deliveries are kept by delivery id. */
async function crm() {
  const accepted = new Map<string, string>(); // delivery id -> lead id
  const duplicates: string[] = [];
  let mode: 'down' | 'up' | 'hang' = 'up';
  const hung: ServerResponse[] = [];
  let requests = 0;
  const server: Server = createServer((request: IncomingMessage, response: ServerResponse) => {
    request.resume();
    request.on('end', () => {
      requests++;
      if (mode === 'hang') return void hung.push(response);
      if (mode === 'down') return void response.writeHead(503).end();
      const delivery = String(request.headers['x-lead-delivery']);
      if (accepted.has(delivery)) duplicates.push(delivery);
      else accepted.set(delivery, String(request.headers['x-lead-id']));
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/crm`,
    accepted,
    duplicates,
    requests: () => requests,
    set: (next: typeof mode) => (mode = next),
    async close() {
      for (const response of hung) response.destroy();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

function lead(index: number): LeadSubmission {
  return {
    tenant: 'bayside-toyota',
    idempotencyKey: `worker-lead-${index}`,
    form: 'enquiry',
    category: 'General Enquiry',
    carId: 'car-1',
    fields: {
      name: 'Jo',
      last_name: `Worker${index}`,
      email: 'jo@example.com',
      phone: '0412345678',
      postcode: '4000',
      message: 'Hi',
    },
    isLastStep: true,
    channels: ['webhook'],
    now: Date.now(),
  };
}

for (const kind of storeKinds())
  describe.skipIf(!kind.available)(`npm run worker processes over ${kind.name}`, () => {
    it(
      'delivers each lead once through an outage, and takes over a killed worker’s claims when their lease ends',
      { timeout: 120_000 },
      async () => {
        const { store, env: storeEnv, dispose } = await kind.open();
        const receiver = await crm();
        const cache = path.join(work, kind.name);
        mkdirSync(path.join(cache, 'bayside-toyota'), { recursive: true });
        writeFileSync(
          path.join(cache, 'bayside-toyota', 'site.json'),
          JSON.stringify(
            apiTestSite({ webhook: { url: receiver.url, secret_env: 'WORKER_TEST_SECRET' } }),
          ),
        );
        const env = {
          ...process.env,
          ...storeEnv,
          BUILD_CACHE_DIR: cache,
          WORKER_TEST_SECRET: 'worker-secret',
          OUTBOX_INTERVAL_MS: '50',
          OUTBOX_BATCH: '10',
          OUTBOX_LEASE_MS: String(LEASE_MS),
          LOG_FORMAT: 'json',
        };
        const workers: ChildProcess[] = [];
        const startWorker = () => {
          const child = spawn(
            process.execPath,
            ['--import', 'tsx', 'scripts/worker.ts', 'bayside-toyota'],
            { cwd: root, env, stdio: 'ignore' },
          );
          workers.push(child);
          return child;
        };
        try {
          // 1. A worker claims a batch and hangs on the first delivery; it is killed there.
          const firstLeads = await Promise.all(
            Array.from({ length: 10 }, (_, i) => store.submitLead(lead(i))),
          );
          receiver.set('hang');
          const doomed = startWorker();
          await expect.poll(() => receiver.requests(), { timeout: 30_000 }).toBeGreaterThan(0);
          doomed.kill('SIGKILL');
          await new Promise((resolve) => doomed.once('exit', resolve));
          const killedAt = Date.now();

          // 2. More leads arrive while the CRM is down; two workers run.
          receiver.set('down');
          const moreLeads = await Promise.all(
            Array.from({ length: 190 }, (_, i) => store.submitLead(lead(100 + i))),
          );
          startWorker();
          startWorker();
          await new Promise((resolve) => setTimeout(resolve, 1500));
          receiver.set('up');

          const leadIds = [...firstLeads, ...moreLeads].map((result) =>
            result.ok ? result.leadId : '',
          );
          expect(leadIds.every(Boolean)).toBe(true);
          await expect
            .poll(() => receiver.accepted.size, { timeout: 60_000, interval: 200 })
            .toBe(200);
          // The killed worker's claims waited for their lease, then the others delivered them.
          const delivered = [...receiver.accepted.values()];
          expect(new Set(delivered).size).toBe(200);
          expect(delivered.sort()).toEqual([...leadIds].sort());
          expect(Date.now() - killedAt).toBeGreaterThanOrEqual(LEASE_MS);
          await new Promise((resolve) => setTimeout(resolve, 500));
          expect(receiver.duplicates).toEqual([]);
          const pending = (await store.deliveries()).filter(
            (delivery) => delivery.status !== 'delivered',
          );
          expect(pending).toEqual([]);
        } finally {
          for (const child of workers) child.kill('SIGKILL');
          await receiver.close();
          await dispose();
        }
      },
    );

    it(
      'tells the fallback address once per outage, however many workers see it',
      { timeout: 60_000 },
      async () => {
        const { store, env: storeEnv, dispose } = await kind.open();
        const receiver = await crm();
        const smtp = await startSmtpReceiver();
        receiver.set('down');
        const cache = path.join(work, `${kind.name}-alert`);
        mkdirSync(path.join(cache, 'bayside-toyota'), { recursive: true });
        const site = apiTestSite({
          webhook: { url: receiver.url, secret_env: 'WORKER_TEST_SECRET' },
          fallback_email: 'alerts@bayside.example',
        });
        writeFileSync(path.join(cache, 'bayside-toyota', 'site.json'), JSON.stringify(site));
        const env = {
          ...process.env,
          ...storeEnv,
          BUILD_CACHE_DIR: cache,
          WORKER_TEST_SECRET: 'worker-secret',
          SMTP_URL: smtp.url,
          OUTBOX_INTERVAL_MS: '100',
          // The hour a CRM must be down before the dealer is told, shortened to a second.
          OUTBOX_ALERT_AFTER_MS: '1000',
          LOG_FORMAT: 'json',
        };
        const workers = [0, 1, 2].map(() =>
          spawn(process.execPath, ['--import', 'tsx', 'scripts/worker.ts', 'bayside-toyota'], {
            cwd: root,
            env,
            stdio: 'ignore',
          }),
        );
        try {
          await store.submitLead(lead(900));
          const alerts = () =>
            smtp.messages.filter((message) => message.to.includes('alerts@bayside.example'));
          await expect.poll(() => alerts().length, { timeout: 40_000, interval: 200 }).toBe(1);
          // Every worker keeps passing over the outage; none tells the dealer again.
          await new Promise((resolve) => setTimeout(resolve, 3000));
          expect(alerts()).toHaveLength(1);
        } finally {
          for (const child of workers) child.kill('SIGKILL');
          await receiver.close();
          await smtp.close();
          await dispose();
        }
      },
    );
  });
