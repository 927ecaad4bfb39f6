import { spawn, type ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_POLICY } from '../../api/accounts/policy';
import { storeKinds } from '../support/stores';
import { freePort } from '../support/free-port';

/**
 * Rate limits hold across API instances: three API servers (scripts/lib/api-server.ts, bundled) as
 * separate processes over ONE database, behind one proxy (TRUST_PROXY=1, so X-Forwarded-For names
 * the visitor). A visitor spreading requests over the three gets no more than one instance allows.
 */
const INSTANCES = 3;
const ROOT = process.cwd();
const bundle = path.join(ROOT, '.cache', `limits-across-processes-${process.pid}`, 'api-server.mjs');

async function startApi(env: Record<string, string>): Promise<{ child: ChildProcess; port: number }> {
  const port = await freePort();
  const child = spawn(process.execPath, [bundle], {
    cwd: ROOT,
    env: { ...process.env, ...env, PORT: String(port), TRUST_PROXY: '1', OUTBOX_INTERVAL_MS: '600000', LEADS_RATE_LIMITS: 'on' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-2000)));
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('listening')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`The API exited (${code}) before listening:\n${stderr}`)));
  });
  return { child, port };
}

beforeAll(async () => {
  await build({
    entryPoints: [path.join(ROOT, 'scripts/lib/api-server.ts')],
    outfile: bundle,
    bundle: true,
    packages: 'external',
    platform: 'node',
    format: 'esm',
    target: 'node22',
    logLevel: 'error',
  });
}, 60_000);
afterAll(() => rmSync(path.dirname(bundle), { recursive: true, force: true }));

let keys = 0;
const lead = () => ({
  form: 'enquiry',
  idempotency_key: `across-${process.pid}-${keys++}`,
  started_at: Date.now() - 10_000,
  website: '',
  car_id: 'bench-car',
  fields: { name: 'Jo', last_name: 'Citizen', phone: '0412 345 678', email: 'jo@example.com', postcode: '4000', message: 'Is it still available?' },
});

for (const kind of storeKinds()) {
  describe.skipIf(!kind.available)(`limits across ${INSTANCES} API processes over one ${kind.name} database`, () => {
    let ports: number[] = [];
    let children: ChildProcess[] = [];
    let dispose: () => Promise<void>;

    // Started once for both tests: they use addresses of their own.
    beforeAll(async () => {
      const opened = await kind.open();
      dispose = opened.dispose;
      const started = await Promise.all(Array.from({ length: INSTANCES }, () => startApi(opened.env)));
      children = started.map((each) => each.child);
      ports = started.map((each) => each.port);
    }, 60_000);
    afterAll(async () => {
      await Promise.all(
        children.map((child) => {
          const exited = new Promise((resolve) => child.once('exit', resolve));
          child.kill('SIGKILL');
          return exited;
        }),
      );
      await dispose();
    });

    /** POSTs `body` to instance `i % INSTANCES` as visitor `ip`; the status. */
    async function post(i: number, endpoint: string, body: unknown, ip: string): Promise<number> {
      const response = await fetch(`http://127.0.0.1:${ports[i % INSTANCES]}${endpoint}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
        body: JSON.stringify(body),
      });
      await response.arrayBuffer();
      return response.status;
    }
    const count = (statuses: number[], status: number) => statuses.filter((each) => each === status).length;

    it('90 lead POSTs from one address spread over the instances at once: 30 (the per-address limit) accepted; another address still gets 201', async () => {
      const statuses = await Promise.all(Array.from({ length: 90 }, (_, i) => post(i, '/api/leads', lead(), '203.0.113.77')));
      console.info(
        `[${kind.name}] 90 lead POSTs from one address over ${INSTANCES} processes: ${count(statuses, 201)} accepted, ${count(statuses, 429)} refused`,
      );
      expect(count(statuses, 201)).toBe(30);
      expect(count(statuses, 429)).toBe(60);
      for (let i = 0; i < INSTANCES; i++) expect(await post(i, '/api/leads', lead(), `198.51.100.${i + 1}`)).toBe(201);
    }, 60_000);

    it('sign-in lock-outs hold on every instance: 10 codes per address, 20 code checks per address', async () => {
      // Two addresses, so the guard's 30 POSTs a minute per address is not what refuses them.
      const asker = '203.0.113.88';
      const guesser = '203.0.113.89';
      const codes = await Promise.all(
        Array.from({ length: 15 }, (_, i) => post(i, '/api/auth/request-code', { phone_number: `0433${String(i).padStart(6, '0')}` }, asker)),
      );
      expect(count(codes, 202)).toBe(ACCOUNT_POLICY.codesPerIp);
      expect(count(codes, 429)).toBe(15 - ACCOUNT_POLICY.codesPerIp);
      const checks = await Promise.all(
        Array.from({ length: 25 }, (_, i) =>
          post(i, '/api/auth/verify-code', { phone_number: `0433${String(i % 15).padStart(6, '0')}`, code: '000000' }, guesser),
        ),
      );
      expect(count(checks, 422)).toBe(ACCOUNT_POLICY.verifiesPerIp);
      expect(count(checks, 429)).toBe(25 - ACCOUNT_POLICY.verifiesPerIp);
      for (let i = 0; i < INSTANCES; i++) {
        expect(await post(i, '/api/auth/request-code', { phone_number: '0499999999' }, asker)).toBe(429);
        expect(await post(i, '/api/auth/verify-code', { phone_number: '0433000000', code: '000000' }, guesser)).toBe(429);
      }
      // Someone on another network still gets a code, from any instance.
      expect(await post(2, '/api/auth/request-code', { phone_number: '0499999999' }, '198.51.100.60')).toBe(202);
    }, 60_000);
  });
}
