import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  emailDeliverer,
  outageAlerter,
  signBody,
  webhookDeliverer,
} from '../../api/outbox/deliver';
import { backoffMs, retriedForMs, runOutboxOnce } from '../../api/outbox/worker';
import { openSqlite } from '../../api/storage/sqlite-driver';
import { Store, type LeadSubmission } from '../../api/storage/store';
import type { SiteData } from '../../src/site/types';
import { apiTestSite } from '../support/api-site';
import {
  mimeAttachment,
  mimeText,
  startSmtpReceiver,
  startWebhookReceiver,
} from '../support/receivers';

const DTD = path.join(process.cwd(), 'tests', 'fixtures', 'adf-1.0.dtd');
const SECRET = 'test-webhook-secret';

let dir: string;
let store: Store;

beforeEach(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'outbox-'));
  store = new Store(openSqlite(path.join(dir, 'db.sqlite')));
  await store.migrate();
});
afterEach(async () => {
  await store.close();
  rmSync(dir, { recursive: true, force: true });
});

function lead(overrides: Partial<LeadSubmission> = {}): LeadSubmission {
  return {
    tenant: 'bayside-toyota',
    idempotencyKey: `key-${Math.random()}`,
    form: 'enquiry',
    category: 'General Enquiry',
    carId: 'car-1',
    fields: {
      name: 'Jo & Sam',
      last_name: "O'Brien <3",
      email: 'jo@example.com',
      phone: '0412345678',
      postcode: '4000',
      message: 'Is it "still" available?',
    },
    isLastStep: true,
    channels: ['webhook', 'email'],
    now: Date.now(),
    ...overrides,
  };
}

/** xmllint's verdict on one ADF document against the project's copy of the ADF 1.0 DTD. */
function validateAdf(xml: string): void {
  const file = path.join(dir, 'lead.adf.xml');
  writeFileSync(file, xml);
  execFileSync('xmllint', ['--noout', '--dtdvalid', DTD, file], { stdio: 'pipe' });
}

describe('outbox delivery to a real webhook receiver and a real SMTP server', () => {
  let site: SiteData;
  let webhook: Awaited<ReturnType<typeof startWebhookReceiver>>;
  let smtp: Awaited<ReturnType<typeof startSmtpReceiver>>;
  let webhookDown = false;

  beforeEach(async () => {
    webhook = await startWebhookReceiver(() => (webhookDown ? 503 : 200));
    smtp = await startSmtpReceiver();
    site = apiTestSite({
      webhook: { url: webhook.url, secret_env: 'LEADS_TEST_SECRET' },
      email: { to: ['sales@bayside.example'] },
      fallback_email: 'alerts@bayside.example',
    });
  });
  afterEach(async () => {
    await webhook.close();
    await smtp.close();
    webhookDown = false;
    logged = [];
  });

  let logged: string[] = [];
  const options = (now = Date.now()) => ({
    store,
    siteFor: () => site,
    now: () => now,
    log: (line: string) => logged.push(line),
    deliverers: {
      webhook: webhookDeliverer({ LEADS_TEST_SECRET: SECRET }),
      email: emailDeliverer({ SMTP_URL: smtp.url }),
    },
    alert: outageAlerter({ SMTP_URL: smtp.url }),
  });
  const alerts = () =>
    smtp.messages.filter((message) => message.to.includes('alerts@bayside.example'));

  it('delivers a signed JSON webhook and an e-mail with a text part and ADF/XML valid against the DTD, once', async () => {
    const stored = await store.submitLead(lead());
    if (!stored.ok) throw new Error(stored.error);
    expect(await runOutboxOnce(options())).toEqual({ delivered: 2, failed: 0 });

    expect(webhook.hits).toHaveLength(1);
    const hit = webhook.hits[0]!;
    expect(hit.headers['x-lead-signature']).toBe(signBody(hit.body, SECRET));
    const payload = JSON.parse(hit.body) as {
      lead_id: string;
      customer: Record<string, string>;
      car: Record<string, unknown>;
    };
    expect(payload.lead_id).toBe(stored.leadId);
    expect(payload.customer).toMatchObject({
      first_name: 'Jo & Sam',
      phone: '0412345678',
      postcode: '4000',
    });
    expect(payload.car).toMatchObject({
      make: 'Toyota',
      model: 'Corolla',
      year: 2023,
      stock: 'U1234',
      vin: 'JTDBR3FE50J000001',
    });

    expect(smtp.messages).toHaveLength(1);
    const mail = smtp.messages[0]!;
    expect(mail.to).toEqual(['sales@bayside.example']);
    const text = mimeText(mail.raw);
    expect(text).toContain("Name: Jo & Sam O'Brien <3");
    expect(text).toContain('Car: 2023 Toyota Corolla Ascent Sport');
    const adf = mimeAttachment(mail.raw, '.adf.xml');
    expect(adf).toContain('<make>Toyota</make>');
    expect(adf).toContain('<name part="first">Jo &amp; Sam</name>');
    validateAdf(adf!);

    // Acknowledged deliveries are never sent again.
    expect(await runOutboxOnce(options(Date.now() + 10 * 3_600_000))).toEqual({
      delivered: 0,
      failed: 0,
    });
    expect(webhook.hits).toHaveLength(1);
    expect(smtp.messages).toHaveLength(1);
    expect((await store.deliveries()).map((delivery) => delivery.status)).toEqual([
      'delivered',
      'delivered',
    ]);
  });

  it('keeps each customer value on its own line of the e-mail and the ADF, whatever a stored lead holds', async () => {
    // The API refuses these now; a lead stored before it did still goes out.
    await store.submitLead(
      lead({
        category: 'Sales\nLead id: forged',
        fields: {
          name: 'Jo\r\nEmail: attacker@evil.example',
          last_name: 'Citizen\nMobile: 0499 999 999\u2028Postcode: 9999',
          email: 'jo@example.com',
          phone: '0412345678',
          postcode: '4000\u0000',
          message: 'Two lines\nof comments',
        },
      }),
    );
    expect(await runOutboxOnce(options())).toEqual({ delivered: 2, failed: 0 });
    const mail = smtp.messages[0]!;
    const lines = mimeText(mail.raw)!.split(/\r?\n/);
    for (const label of ['Email:', 'Mobile:', 'Postcode:', 'Lead id:'])
      expect(
        lines.filter((line) => line.startsWith(label)),
        label,
      ).toHaveLength(1);
    expect(lines).toContain(
      'Name: Jo Email: attacker@evil.example Citizen Mobile: 0499 999 999 Postcode: 9999',
    );
    expect(lines).toContain('Email: jo@example.com');
    expect(lines).toContain('of comments');
    const headers = mail.raw.split(/\r?\n\r?\n/)[0]!.split(/\r?\n/);
    expect(headers.filter((line) => /^(Email|Mobile|Postcode):/i.test(line))).toEqual([]);
    const adf = mimeAttachment(mail.raw, '.adf.xml')!;
    expect(adf).toContain('<name part="first">Jo Email: attacker@evil.example</name>');
    expect(adf).toContain('<postalcode>4000 </postalcode>');
    validateAdf(adf);
    const payload = JSON.parse(webhook.hits[0]!.body) as {
      customer: Record<string, string>;
      category: string;
    };
    expect(payload.customer.last_name).toBe('Citizen Mobile: 0499 999 999 Postcode: 9999');
    expect(payload.category).toBe('Sales Lead id: forged');
  });

  it('keeps the ADF valid for a lead without a car and for a test drive', async () => {
    await store.submitLead(
      lead({
        carId: null,
        form: 'test_drive',
        fields: {
          name: 'Al',
          last_name: 'B',
          email: 'al@example.com',
          phone: '0400000000',
          postcode: '2000',
          appointment: '2026-11-25T09:00:00+10:00',
        },
      }),
    );
    await runOutboxOnce(options());
    const adf = mimeAttachment(smtp.messages[0]!.raw, '.adf.xml')!;
    expect(adf).toContain('interest="test-drive"');
    validateAdf(adf);
  });

  it('retries with backoff while the webhook is down, records the failure, then delivers exactly once', async () => {
    webhookDown = true;
    await store.submitLead(lead());
    const start = Date.now();
    expect(await runOutboxOnce(options(start))).toEqual({ delivered: 1, failed: 1 });
    const failed = (await store.deliveries()).find((delivery) => delivery.channel === 'webhook')!;
    expect(failed).toMatchObject({
      status: 'pending',
      attempts: 1,
      lastError: 'Webhook answered HTTP 503.',
      nextAttemptAt: start + backoffMs(1),
    });
    expect(await runOutboxOnce(options(start + 1000))).toEqual({ delivered: 0, failed: 0 });
    webhookDown = false;
    expect(await runOutboxOnce(options(start + backoffMs(1)))).toEqual({ delivered: 1, failed: 0 });
    expect(webhook.hits).toHaveLength(1);
    expect(smtp.messages).toHaveLength(1);
  });

  it('backs off 5 s, 10 s, 20 s ... up to an hour', () => {
    expect([1, 2, 3, 4, 20].map(backoffMs)).toEqual([5_000, 10_000, 20_000, 40_000, 3_600_000]);
  });

  it('never drops a lead through a day-long outage: retries at least hourly, logs each failure, alerts the fallback address once, delivers once it is back', async () => {
    webhookDown = true;
    const start = Date.UTC(2026, 10, 23, 9, 0);
    const stored = await store.submitLead(lead({ channels: ['webhook'], now: start }));
    if (!stored.ok) throw new Error(stored.error);
    // The worker passes every second; a pass a minute is enough to see what a person would.
    let now = start;
    const runUntil = async (end: number) => {
      for (; now <= end; now += 60_000) await runOutboxOnce(options(now));
    };
    await runUntil(start + 59 * 60_000);
    expect(alerts()).toHaveLength(0);
    await runUntil(start + 61 * 60_000);
    expect(alerts()).toHaveLength(1);
    const alertText = mimeText(alerts()[0]!.raw);
    expect(alertText).toContain('Since 2026-11-23 09:00 UTC, leads from');
    expect(alertText).toContain('have not reached your CRM webhook');
    expect(alertText).toContain('Last error: Webhook answered HTTP 503.');
    expect(alertText).toContain('Leads waiting: 1');

    await runUntil(start + 30 * 3_600_000);
    expect(alerts()).toHaveLength(1); // once per outage, not per attempt
    const [delivery] = await store.deliveries();
    expect(delivery).toMatchObject({ status: 'pending', lastError: 'Webhook answered HTTP 503.' });
    expect(delivery!.nextAttemptAt - now).toBeLessThanOrEqual(3_600_000);
    const failures = logged.filter((line) => line.includes(' attempt '));
    expect(failures).toHaveLength(delivery!.attempts);
    expect(failures[2]).toBe(
      `[outbox] bayside-toyota webhook delivery ${delivery!.id} (lead ${stored.leadId}) attempt 3 failed: Webhook answered HTTP 503. Next try in 20 s.`,
    );

    webhookDown = false;
    await runUntil(now + 3_600_000);
    expect(webhook.hits).toHaveLength(1);
    expect(JSON.parse(webhook.hits[0]!.body)).toMatchObject({ lead_id: stored.leadId });
    expect((await store.deliveries())[0]!.status).toBe('delivered');

    // A new outage is a new alert.
    webhookDown = true;
    await store.submitLead(lead({ channels: ['webhook'], now }));
    await runUntil(now + 61 * 60_000);
    expect(alerts()).toHaveLength(2);
  });

  it('retries for 7 days, then keeps the lead as failed, says how to resend it, and delivers it when resent', async () => {
    webhookDown = true;
    const start = Date.UTC(2026, 10, 1);
    const stored = await store.submitLead(lead({ channels: ['webhook'], now: start }));
    if (!stored.ok) throw new Error(stored.error);
    let delivery = (await store.deliveries())[0]!;
    while (delivery.status === 'pending') {
      await runOutboxOnce(options(delivery.nextAttemptAt));
      delivery = (await store.deliveries())[0]!;
    }
    expect(delivery.status).toBe('failed');
    expect(retriedForMs(delivery.attempts)).toBeGreaterThanOrEqual(7 * 24 * 3_600_000);
    expect(retriedForMs(delivery.attempts - 1)).toBeLessThan(7 * 24 * 3_600_000);
    expect(logged.at(-1)).toContain(
      `Gave up after 7 days of retries; resend with: npm run leads -- resend ${delivery.id}`,
    );

    webhookDown = false;
    expect(await runOutboxOnce(options(delivery.nextAttemptAt + 3_600_000))).toEqual({
      delivered: 0,
      failed: 0,
    });
    const cli = (...args: string[]) =>
      spawnSync(path.join(process.cwd(), 'node_modules/.bin/tsx'), ['scripts/leads.ts', ...args], {
        env: { ...process.env, DATABASE_URL: '', LEADS_DB_FILE: path.join(dir, 'db.sqlite') },
        encoding: 'utf8',
      });
    const listed = cli('failed');
    expect(listed.status).toBe(0);
    expect(listed.stdout).toContain(
      `${delivery.id}  bayside-toyota  webhook  lead ${stored.leadId}`,
    );
    expect(listed.stdout).toContain(
      `FAILED (given up); ${delivery.attempts} attempts since 2026-11-01 00:00 UTC; last error: Webhook answered HTTP 503.`,
    );
    const resent = cli('resend', delivery.id);
    expect(resent.stdout).toContain(`${delivery.id}: queued to send again`);
    expect(await runOutboxOnce(options(Date.now()))).toEqual({ delivered: 1, failed: 0 });
    expect(webhook.hits).toHaveLength(1);
    expect(cli('failed').stdout).toContain('Every lead has been delivered.');
    const again = cli('resend', delivery.id);
    expect(again.status).toBe(1);
    expect(again.stderr).toContain('already delivered; not sent twice');
  }, 90_000); // the script starts four times
});
