import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { build } from 'esbuild';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { MAX_BODY_BYTES } from '../../api/guard';
import { freePort } from '../support/free-port';

/**
 * Abuse of the API as a real child process (platform/api/api-server.ts, bundled) on loopback.
 * Huge chunked bodies: BODIES bodies of BODY_MB each, sent at once with Transfer-Encoding: chunked (no
 * Content-Length to refuse them by). Each must get 413, and the server's peak memory (VmHWM, the
 * most resident memory it ever had) must stay near where it started rather than grow with the bodies.
 * Forged X-Forwarded-For: the server (no TRUST_PROXY) keys its limits by the socket's address.
 */
const BODIES = Number(process.env.BODY_LIMIT_BODIES ?? 4);
const BODY_MB = Number(process.env.BODY_LIMIT_MB ?? 150);
const ROOT = process.cwd();
const dir = mkdtempSync(path.join(tmpdir(), 'api-body-limit-'));
const bundle = path.join(ROOT, '.cache', `body-limit-test-${process.pid}`, 'api-server.mjs');
let child: ChildProcess | undefined;
let port = 0;

/** Resident memory of the server process in MB: now (VmRSS) and its peak so far (VmHWM). */
function memory(pid: number): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1]);
  return { rss: Math.round(kb('VmRSS') / 1024), peak: Math.round(kb('VmHWM') / 1024) };
}

beforeAll(async () => {
  await build({
    entryPoints: [path.join(ROOT, 'platform/api/api-server.ts')],
    outfile: bundle,
    bundle: true,
    packages: 'external',
    platform: 'node',
    format: 'esm',
    target: 'node22',
    logLevel: 'error',
  });
  port = await freePort();
  const started = spawn(process.execPath, [bundle], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      LEADS_DB_FILE: path.join(dir, 'leads.sqlite'),
      DATABASE_URL: '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child = started;
  let stderr = '';
  started.stderr!.on(
    'data',
    (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-2000)),
  );
  await new Promise<void>((resolve, reject) => {
    started.stdout!.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('listening')) resolve();
    });
    started.once('exit', (code) =>
      reject(new Error(`The API exited (${code}) before listening:\n${stderr}`)),
    );
  });
}, 60_000);
afterAll(() => {
  child?.kill('SIGKILL');
  rmSync(dir, { recursive: true, force: true });
  rmSync(path.dirname(bundle), { recursive: true, force: true });
});

/**
 * POSTs `megabytes` of JSON-looking bytes, chunked, as fast as the socket takes them, until the
 * server answers (or the body is all sent). Resolves with the status and how much was written.
 */
function chunkedPost(megabytes: number): Promise<{ status: number; sentMb: number; body: string }> {
  return new Promise((resolve, reject) => {
    const chunk = Buffer.alloc(64 * 1024, 0x20);
    const total = megabytes * 1024 * 1024;
    let sent = 0;
    let answered = false;
    const req = request(
      {
        host: '127.0.0.1',
        port,
        path: '/api/leads',
        method: 'POST',
        headers: { 'content-type': 'application/json', 'transfer-encoding': 'chunked' },
      },
      (response) => {
        answered = true;
        let body = '';
        response.on('data', (data: Buffer) => (body += data.toString()));
        response.on('end', () => {
          req.destroy();
          resolve({
            status: response.statusCode ?? 0,
            sentMb: Math.round(sent / 1024 / 1024),
            body,
          });
        });
      },
    );
    req.on('error', (error) => {
      if (!answered) reject(error);
    });
    req.write('{"padding":"');
    const pump = () => {
      while (!answered && sent < total) {
        sent += chunk.length;
        if (!req.write(chunk)) return void req.once('drain', pump);
      }
      if (!answered) req.end('"}');
    };
    pump();
  });
}

it(`answers 413 to ${BODIES} chunked bodies of ${BODY_MB} MB at once without holding them in memory`, async () => {
  const pid = child!.pid!;
  const before = memory(pid);
  const started = Date.now();
  const results = await Promise.all(Array.from({ length: BODIES }, () => chunkedPost(BODY_MB)));
  const after = memory(pid);
  console.log(
    `${BODIES} chunked bodies of ${BODY_MB} MB: statuses ${results.map((result) => result.status).join(',')}, sent before the answer ${results
      .map((result) => result.sentMb)
      .join(
        ',',
      )} MB, ${Date.now() - started} ms; server RSS ${before.rss} MB before, ${after.rss} MB after, peak ${after.peak} MB (was ${before.peak} MB)`,
  );
  for (const result of results) {
    expect(result.status).toBe(413);
    expect(JSON.parse(result.body)).toEqual({
      error: `The request body is too large (at most ${MAX_BODY_BYTES / 1024} KB).`,
    });
  }
  expect(after.peak - before.peak).toBeLessThan(64);

  // The server still answers normally afterwards.
  const health = await fetch(`http://127.0.0.1:${port}/api/health`);
  expect(health.status).toBe(200);
}, 180_000);

it('keys rate limits by the socket address: a new X-Forwarded-For on every request does not buy a new budget', async () => {
  const statuses: number[] = [];
  for (let i = 0; i < 40; i++) {
    const response = await fetch(`http://127.0.0.1:${port}/api/phone-reveal`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.0.${i}.1` },
      body: '{}',
    });
    statuses.push(response.status);
  }
  // 30 a minute per address (the default), some of it spent by the test above: the rest are refused.
  expect(statuses.filter((status) => status !== 429).length).toBeLessThanOrEqual(30);
  expect(statuses.slice(-10)).toEqual(Array(10).fill(429));
});
