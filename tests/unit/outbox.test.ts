import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { emailDeliverer, signBody, webhookDeliverer } from '../../api/outbox/deliver';
import { backoffMs, runOutboxOnce } from '../../api/outbox/worker';
import { openSqlite } from '../../api/storage/sqlite-driver';
import { Store, type LeadSubmission } from '../../api/storage/store';
import type { SiteData } from '../../src/site/types';
import { apiTestSite } from '../support/api-site';
import { mimeAttachment, mimeText, startSmtpReceiver, startWebhookReceiver } from '../support/receivers';

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
    fields: { name: 'Jo & Sam', last_name: "O'Brien <3", email: 'jo@example.com', phone: '0412345678', postcode: '4000', message: 'Is it "still" available?' },
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
    site = apiTestSite({ webhook: { url: webhook.url, secret_env: 'LEADS_TEST_SECRET' }, email: { to: ['sales@bayside.example'] } });
  });
  afterEach(async () => {
    await webhook.close();
    await smtp.close();
    webhookDown = false;
  });

  const options = (now = Date.now()) => ({
    store,
    siteFor: () => site,
    now: () => now,
    deliverers: { webhook: webhookDeliverer({ LEADS_TEST_SECRET: SECRET }), email: emailDeliverer({ SMTP_URL: smtp.url }) },
  });

  it('delivers a signed JSON webhook and an e-mail with a text part and ADF/XML valid against the DTD, once', async () => {
    const stored = await store.submitLead(lead());
    if (!stored.ok) throw new Error(stored.error);
    expect(await runOutboxOnce(options())).toEqual({ delivered: 2, failed: 0 });

    expect(webhook.hits).toHaveLength(1);
    const hit = webhook.hits[0]!;
    expect(hit.headers['x-lead-signature']).toBe(signBody(hit.body, SECRET));
    const payload = JSON.parse(hit.body) as { lead_id: string; customer: Record<string, string>; car: Record<string, unknown> };
    expect(payload.lead_id).toBe(stored.leadId);
    expect(payload.customer).toMatchObject({ first_name: 'Jo & Sam', phone: '0412345678', postcode: '4000' });
    expect(payload.car).toMatchObject({ make: 'Toyota', model: 'Corolla', year: 2023, stock: 'U1234', vin: 'JTDBR3FE50J000001' });

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
    expect(await runOutboxOnce(options(Date.now() + 10 * 3_600_000))).toEqual({ delivered: 0, failed: 0 });
    expect(webhook.hits).toHaveLength(1);
    expect(smtp.messages).toHaveLength(1);
    expect((await store.deliveries()).map((delivery) => delivery.status)).toEqual(['delivered', 'delivered']);
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
    expect(lines).toContain('Name: Jo Email: attacker@evil.example Citizen Mobile: 0499 999 999 Postcode: 9999');
    expect(lines).toContain('Email: jo@example.com');
    expect(lines).toContain('of comments');
    const headers = mail.raw.split(/\r?\n\r?\n/)[0]!.split(/\r?\n/);
    expect(headers.filter((line) => /^(Email|Mobile|Postcode):/i.test(line))).toEqual([]);
    const adf = mimeAttachment(mail.raw, '.adf.xml')!;
    expect(adf).toContain('<name part="first">Jo Email: attacker@evil.example</name>');
    expect(adf).toContain('<postalcode>4000 </postalcode>');
    validateAdf(adf);
    const payload = JSON.parse(webhook.hits[0]!.body) as { customer: Record<string, string>; category: string };
    expect(payload.customer.last_name).toBe('Citizen Mobile: 0499 999 999 Postcode: 9999');
    expect(payload.category).toBe('Sales Lead id: forged');
  });

  it('keeps the ADF valid for a lead without a car and for a test drive', async () => {
    await store.submitLead(
      lead({
        carId: null,
        form: 'test_drive',
        fields: { name: 'Al', last_name: 'B', email: 'al@example.com', phone: '0400000000', postcode: '2000', appointment: '2026-11-25T09:00:00+10:00' },
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
    expect(failed).toMatchObject({ status: 'pending', attempts: 1, lastError: 'Webhook answered HTTP 503.', nextAttemptAt: start + backoffMs(1) });
    expect(await runOutboxOnce(options(start + 1000))).toEqual({ delivered: 0, failed: 0 });
    webhookDown = false;
    expect(await runOutboxOnce(options(start + backoffMs(1)))).toEqual({ delivered: 1, failed: 0 });
    expect(webhook.hits).toHaveLength(1);
    expect(smtp.messages).toHaveLength(1);
  });

  it('backs off 5 s, 10 s, 20 s ... up to an hour', () => {
    expect([1, 2, 3, 4, 20].map(backoffMs)).toEqual([5_000, 10_000, 20_000, 40_000, 3_600_000]);
  });
});
