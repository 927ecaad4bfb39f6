import type { SiteData } from '../../src/site/types';
import type { DeliveryChannel, Store } from '../storage/store';
import { emailDeliverer, logDeliverer, webhookDeliverer, type Deliverer } from './deliver';
import { leadPayload } from './payload';

export interface OutboxOptions {
  store: Store;
  siteFor(slug: string): SiteData | undefined;
  deliverers?: Partial<Record<DeliveryChannel, Deliverer>>;
  now?: () => number;
  /** How long a claimed delivery is ours before another worker may try it. */
  leaseMs?: number;
  batch?: number;
  /** Attempts before a delivery is marked failed (kept, visible, for a person to resend). */
  maxAttempts?: number;
}

/** Retry delay after `attempts` failures: 5 s, 10 s, 20 s ... doubling, at most 1 hour. */
export function backoffMs(attempts: number): number {
  return Math.min(5_000 * 2 ** Math.max(0, attempts - 1), 3_600_000);
}

/**
 * One pass over the outbox: claim due deliveries, send each, record the outcome. A delivery is
 * marked delivered only after the receiver acknowledged it, and never claimed again after that.
 * Returns how many were delivered and how many failed this pass.
 */
export async function runOutboxOnce(options: OutboxOptions): Promise<{ delivered: number; failed: number }> {
  const { store, siteFor, now = Date.now, leaseMs = 60_000, batch = 20, maxAttempts = 15 } = options;
  const deliverers: Record<DeliveryChannel, Deliverer> = {
    webhook: options.deliverers?.webhook ?? webhookDeliverer(),
    email: options.deliverers?.email ?? emailDeliverer(),
    log: options.deliverers?.log ?? logDeliverer,
  };
  const due = await store.claimDueDeliveries(now(), batch, leaseMs);
  let delivered = 0;
  let failed = 0;
  await Promise.all(
    due.map(async (delivery) => {
      const lead = await store.getLead(delivery.tenant, delivery.leadId);
      const site = siteFor(delivery.tenant);
      try {
        if (!lead) throw new Error('The lead of this delivery is missing.');
        await deliverers[delivery.channel](delivery, leadPayload(lead, site), site);
        await store.markDelivered(delivery.id, now());
        delivered++;
      } catch (error) {
        const attempts = delivery.attempts + 1;
        const message = error instanceof Error ? error.message : String(error);
        await store.markAttemptFailed(delivery.id, message, now() + backoffMs(attempts), attempts >= maxAttempts);
        failed++;
      }
    }),
  );
  return { delivered, failed };
}

/** Runs the outbox every `intervalMs` until stopped. */
export function startOutboxWorker(options: OutboxOptions & { intervalMs?: number }): { stop(): Promise<void>; kick(): void } {
  const intervalMs = options.intervalMs ?? 1000;
  let stopped = false;
  let running: Promise<unknown> = Promise.resolve();
  let timer: NodeJS.Timeout | undefined;
  const tick = () => {
    if (stopped) return;
    running = runOutboxOnce(options)
      .catch((error: unknown) => console.error('Outbox pass failed (will retry):', error instanceof Error ? error.message : error))
      .finally(() => {
        if (!stopped) timer = setTimeout(tick, intervalMs);
      });
  };
  timer = setTimeout(tick, 0);
  return {
    kick() {
      if (timer && !stopped) {
        clearTimeout(timer);
        timer = setTimeout(tick, 0);
      }
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}
