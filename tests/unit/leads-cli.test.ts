import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  claimOutagesToAlert,
  endChannelOutage,
  recordChannelFailure,
  releaseAlert,
} from '../../api/outbox/outages';
import type { Store } from '../../api/storage/store';
import { storeKinds } from '../support/stores';

const NOW = Date.parse('2026-11-23T10:00:00Z');
const HOUR = 3_600_000;

for (const kind of storeKinds()) {
  // Each case starts the script a few times: tsx takes seconds to start on the shared machines.
  describe.skipIf(!kind.available)(`npm run leads on ${kind.name}`, { timeout: 90_000 }, () => {
    let store: Store;
    let env: Record<string, string>;
    let dispose: () => Promise<void>;
    beforeEach(async () => {
      ({ store, env, dispose } = await kind.open());
    });
    afterEach(async () => dispose?.());

    const leads = (...args: string[]) =>
      spawnSync(path.join(process.cwd(), 'node_modules/.bin/tsx'), ['scripts/leads.ts', ...args], {
        env: { ...process.env, ...env },
        encoding: 'utf8',
      });

    async function submit(key: string) {
      const result = await store.submitLead({
        tenant: 'bayside-toyota',
        idempotencyKey: key,
        form: 'enquiry',
        fields: { name: 'Jo', email: 'jo@example.com' },
        isLastStep: true,
        channels: ['webhook'],
        now: NOW,
      });
      if (!result.ok) throw new Error(result.error);
      return (await store.getLead('bayside-toyota', result.leadId))!.deliveries[0]!;
    }

    it('lists failed and retrying deliveries, and resends every failed one', async () => {
      const failed = await submit('a');
      const retrying = await submit('b');
      await store.markAttemptFailed(failed.id, 'Webhook answered HTTP 500.', NOW + HOUR, true);
      const nextTry = Date.now() + HOUR;
      await store.markAttemptFailed(retrying.id, 'Webhook answered HTTP 503.', nextTry, false);

      const listed = leads('failed');
      expect(listed.status, listed.stderr).toBe(0);
      expect(listed.stdout).toContain('2 lead deliveries not delivered (1 given up, 1 retrying):');
      expect(listed.stdout).toContain(
        `${failed.id}  bayside-toyota  webhook  lead ${failed.leadId}\n    FAILED (given up); 1 attempt since 2026-11-23 10:00 UTC; last error: Webhook answered HTTP 500.`,
      );
      expect(listed.stdout).toContain(
        `${retrying.id}  bayside-toyota  webhook  lead ${retrying.leadId}\n    retrying, next ${new Date(nextTry).toISOString().replace('T', ' ').slice(0, 16)}`,
      );

      const resent = leads('resend', '--all');
      expect(resent.stdout).toContain(`Queued 1 delivery to send again: ${failed.id}`);
      const due = await store.claimDueDeliveries(Date.now(), 10, 60_000);
      expect(due.map((delivery) => [delivery.id, delivery.status, delivery.attempts])).toEqual([
        [failed.id, 'pending', 0],
      ]);

      const unknown = leads('resend', 'no-such-id');
      expect(unknown.status).toBe(1);
      expect(unknown.stderr).toContain('no-such-id: no such delivery');
      expect(leads('resend').status).toBe(2);
    });

    it('keeps one outage per site channel from its first failure, claimed for one alert, until a delivery gets through', async () => {
      await recordChannelFailure(store.driver, 'bayside-toyota', 'webhook', 'HTTP 503', NOW);
      await recordChannelFailure(
        store.driver,
        'bayside-toyota',
        'webhook',
        'HTTP 502',
        NOW + 30 * 60_000,
      );
      expect(await claimOutagesToAlert(store.driver, NOW + 59 * 60_000, HOUR)).toEqual([]);
      const [first, second] = await Promise.all([
        claimOutagesToAlert(store.driver, NOW + HOUR, HOUR),
        claimOutagesToAlert(store.driver, NOW + HOUR, HOUR),
      ]);
      expect([...first!, ...second!]).toEqual([
        { tenant: 'bayside-toyota', channel: 'webhook', failingSince: NOW, lastError: 'HTTP 502' },
      ]);
      // An alert that could not be sent is tried again later, not on every pass.
      await releaseAlert(store.driver, first![0] ?? second![0]!, NOW + 2 * HOUR);
      expect(await claimOutagesToAlert(store.driver, NOW + HOUR + 60_000, HOUR)).toEqual([]);
      expect(await claimOutagesToAlert(store.driver, NOW + 2 * HOUR, HOUR)).toHaveLength(1);
      await endChannelOutage(store.driver, 'bayside-toyota', 'webhook');
      await recordChannelFailure(
        store.driver,
        'bayside-toyota',
        'webhook',
        'HTTP 503',
        NOW + 5 * HOUR,
      );
      expect(await claimOutagesToAlert(store.driver, NOW + 6 * HOUR, HOUR)).toHaveLength(1);
    });
  });
}
