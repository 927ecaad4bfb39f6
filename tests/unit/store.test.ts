import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { LeadSubmission, Store } from '../../api/storage/store';
import { storeKinds } from '../support/stores';

const NOW = Date.parse('2026-11-23T10:00:00Z');

function submission(overrides: Partial<LeadSubmission> = {}): LeadSubmission {
  return {
    tenant: 'bayside-toyota',
    idempotencyKey: 'key-1',
    form: 'enquiry',
    category: 'General Enquiry',
    carId: 'car-7',
    fields: {
      name: 'Jo',
      last_name: 'Citizen',
      email: 'jo@example.com',
      phone: '0412345678',
      postcode: '4000',
      message: 'Is it available?',
    },
    isLastStep: true,
    channels: ['webhook', 'email'],
    now: NOW,
    ...overrides,
  };
}

for (const kind of storeKinds()) {
  describe.skipIf(!kind.available)(`storage on ${kind.name}`, () => {
    let store: Store;
    let dispose: () => Promise<void>;
    beforeEach(async () => {
      ({ store, dispose } = await kind.open());
    });
    afterEach(async () => dispose?.());

    it('migrates once: a second run applies nothing', async () => {
      expect(await store.migrate()).toBe(0);
    });

    it('stores a lead with one pending outbox row per channel, in one go', async () => {
      const result = await store.submitLead(submission());
      expect(result).toMatchObject({ ok: true, created: true });
      if (!result.ok) throw new Error('not stored');
      const lead = await store.getLead('bayside-toyota', result.leadId);
      expect(lead).toMatchObject({
        form: 'enquiry',
        category: 'General Enquiry',
        carId: 'car-7',
        status: 'submitted',
        createdAt: NOW,
      });
      expect(lead?.fields.email).toBe('jo@example.com');
      expect(
        lead?.deliveries.map((delivery) => [delivery.channel, delivery.status, delivery.attempts]),
      ).toEqual([
        ['email', 'pending', 0],
        ['webhook', 'pending', 0],
      ]);
    });

    it('stores a repeated idempotency key once and answers with the same lead id', async () => {
      const first = await store.submitLead(submission());
      const again = await store.submitLead(submission({ fields: { name: 'changed' } }));
      expect(again).toEqual(first.ok ? { ok: true, leadId: first.leadId, created: false } : null);
      expect(await store.countLeads()).toBe(1);
      expect(await store.deliveries()).toHaveLength(2);
    });

    it('stores concurrent double submits (a double click) once', async () => {
      const results = await Promise.all(
        Array.from({ length: 8 }, () => store.submitLead(submission())),
      );
      const ids = new Set(results.map((result) => (result.ok ? result.leadId : 'error')));
      expect(ids.size).toBe(1);
      expect(results.filter((result) => result.ok && result.created)).toHaveLength(1);
      expect(await store.countLeads()).toBe(1);
    });

    it('keeps tenants apart: the same key on another site is another lead', async () => {
      await store.submitLead(submission());
      await store.submitLead(submission({ tenant: 'aurora-motors' }));
      expect(await store.listLeads('bayside-toyota')).toHaveLength(1);
      expect(await store.listLeads('aurora-motors')).toHaveLength(1);
    });

    it('builds a multi-step lead: early steps are stored but not queued, the last step queues it', async () => {
      const first = await store.submitLead(
        submission({
          idempotencyKey: 's1',
          isLastStep: false,
          form: 'trade_in',
          subcategory: '1. Lead Capture',
        }),
      );
      if (!first.ok) throw new Error(first.error);
      expect(await store.deliveries()).toHaveLength(0);
      const last = await store.submitLead(
        submission({
          idempotencyKey: 's2',
          leadId: first.leadId,
          subcategory: '3. Offer Accepted',
          fields: { offer_price: 21000 },
          form: 'trade_in',
        }),
      );
      expect(last).toEqual({ ok: true, leadId: first.leadId, created: true });
      const lead = await store.getLead('bayside-toyota', first.leadId);
      expect(lead).toMatchObject({ status: 'submitted', subcategory: '3. Offer Accepted' });
      expect(lead?.fields).toMatchObject({ name: 'Jo', offer_price: 21000 });
      expect(lead?.deliveries).toHaveLength(2);
      const afterSent = await store.submitLead(
        submission({ idempotencyKey: 's3', leadId: first.leadId }),
      );
      expect(afterSent).toEqual({ ok: false, error: 'This enquiry has already been sent.' });
      const unknown = await store.submitLead(
        submission({ idempotencyKey: 's4', leadId: '00000000-0000-0000-0000-000000000000' }),
      );
      expect(unknown).toEqual({
        ok: false,
        error: 'This enquiry could not be found. Please start again.',
      });
    });

    it('leases due deliveries to one worker at a time and never hands out a delivered one', async () => {
      await store.submitLead(submission());
      const [a, b] = await Promise.all([
        store.claimDueDeliveries(NOW, 10, 30_000),
        store.claimDueDeliveries(NOW, 10, 30_000),
      ]);
      expect(a.length + b.length).toBe(2);
      expect(await store.claimDueDeliveries(NOW + 1000, 10, 30_000)).toEqual([]);
      const [first, second] = [...a, ...b];
      await store.markDelivered(first!.id, NOW + 2000);
      await store.markAttemptFailed(second!.id, 'HTTP 503', NOW + 60_000, false);
      expect(await store.claimDueDeliveries(NOW + 59_000, 10, 30_000)).toEqual([]);
      const retried = await store.claimDueDeliveries(NOW + 60_000, 10, 30_000);
      expect(
        retried.map((delivery) => [delivery.id, delivery.attempts, delivery.lastError]),
      ).toEqual([[second!.id, 1, 'HTTP 503']]);
      // A lease that ran out (the worker died) makes the delivery due again.
      expect(
        (await store.claimDueDeliveries(NOW + 95_000, 10, 30_000)).map((delivery) => delivery.id),
      ).toEqual([second!.id]);
      await store.markAttemptFailed(second!.id, 'gave up', NOW + 99_000, true);
      const statuses = (await store.deliveries()).map((delivery) => delivery.status).sort();
      expect(statuses).toEqual(['delivered', 'failed']);
      expect(await store.claimDueDeliveries(NOW + 10_000_000, 10, 30_000)).toEqual([]);
    });

    it('holds a car for one reservation: of 20 concurrent reserve leads for one car, exactly one is stored', async () => {
      const reserve = (i: number, carId = 'car-7') =>
        store.submitLead(
          submission({
            idempotencyKey: `reserve-${carId}-${i}`,
            form: 'reserve',
            category: 'Reserve',
            carId,
            reserveCar: true,
          }),
        );
      const results = await Promise.all(Array.from({ length: 20 }, (_, i) => reserve(i)));
      console.info(
        `[${kind.name}] 20 concurrent reserve leads for one car: ${results.filter((result) => result.ok).length} stored`,
      );
      expect(results.filter((result) => result.ok)).toHaveLength(1);
      expect(
        results.filter((result) => !result.ok && result.reason === 'car_reserved'),
      ).toHaveLength(19);
      expect(await store.countLeads()).toBe(1);
      expect(await store.deliveries()).toHaveLength(2);
      // Another car, and the same car on another site, are free.
      expect(await reserve(0, 'car-8')).toMatchObject({ ok: true, created: true });
      expect(
        await store.submitLead(
          submission({
            tenant: 'aurora-motors',
            idempotencyKey: 'r-aurora-1',
            form: 'reserve',
            reserveCar: true,
          }),
        ),
      ).toMatchObject({
        ok: true,
      });
      // The winner's retry (same idempotency key) is still answered with their lead.
      const winner = results.find((result) => result.ok)!;
      const index = results.indexOf(winner);
      expect(await reserve(index)).toEqual(
        winner.ok ? { ok: true, leadId: winner.leadId, created: false } : null,
      );
      // Once the dealer lets the reservation go, the car can be reserved again.
      expect(await store.reservedCars('bayside-toyota')).toEqual(['car-7', 'car-8']);
      expect(await store.releaseCar('bayside-toyota', 'car-7', NOW + 1000)).toBe(true);
      expect(await store.reservedCars('bayside-toyota')).toEqual(['car-8']);
      expect(await reserve(100)).toMatchObject({ ok: true, created: true });
      expect(await reserve(101)).toMatchObject({ ok: false, reason: 'car_reserved' });
    });

    it('counts views per car and records visitor events', async () => {
      const day = 20_415;
      expect(await store.countView('bayside-toyota', 'a-car', { visitor: 'v1', day })).toBe(1);
      expect(await store.countView('bayside-toyota', 'a-car', { visitor: 'v2', day })).toBe(2);
      expect(await store.countView('aurora-motors', 'a-car', { visitor: 'v1', day })).toBe(1);
      await store.recordEvent('bayside-toyota', 'phone_reveal', { car_id: '7' }, NOW);
      expect(
        (await store.events('bayside-toyota', 'phone_reveal')).map((event) => event.data),
      ).toEqual([{ car_id: '7' }]);
      expect(await store.events('aurora-motors', 'phone_reveal')).toEqual([]);
    });

    it('counts a visitor once per car per day, and forgets the visitors of earlier days', async () => {
      const day = 20_415;
      const counts = [];
      for (let i = 0; i < 3; i++)
        counts.push(await store.countView('bayside-toyota', 'a-car', { visitor: 'v1', day }));
      counts.push(await store.countView('bayside-toyota', 'b-car', { visitor: 'v1', day }));
      counts.push(
        await store.countView('bayside-toyota', 'a-car', { visitor: 'v1', day: day + 1 }),
      );
      expect(counts).toEqual([1, 1, 1, 1, 2]);
      expect(await store.views('bayside-toyota', 'a-car')).toBe(2);
      expect(await store.views('bayside-toyota', 'no-car')).toBe(0);
      expect(
        (await store.driver.all(`SELECT day FROM car_view_visitors ORDER BY day`)).map((row) =>
          Number(row.day),
        ),
      ).toEqual([day + 1]);
    });
  });
}
