import type { SiteData } from '../../src/site/types';
import type { DeliveryChannel, Store } from '../storage/store';
import {
  emailDeliverer,
  logDeliverer,
  outageAlerter,
  webhookDeliverer,
  type Deliverer,
  type OutageAlerter,
} from './deliver';
import {
  claimOutagesToAlert,
  endChannelOutage,
  recordChannelFailure,
  releaseAlert,
  waitingDeliveries,
} from './outages';
import { leadPayload } from './payload';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const ALERT_RETRY_MS = 5 * 60_000;

export interface OutboxOptions {
  store: Store;
  siteFor(slug: string): SiteData | undefined;
  deliverers?: Partial<Record<DeliveryChannel, Deliverer>>;
  /** Tells a site's fallback address that its leads are not getting through. */
  alert?: OutageAlerter;
  now?: () => number;
  /** One line per failed attempt (the server log). */
  log?: (line: string) => void;
  /** How long a claimed delivery is ours before another worker may try it. */
  leaseMs?: number;
  batch?: number;
  /** How long the back-off keeps retrying before a delivery is marked failed (kept, listed, resendable). */
  retryForMs?: number;
  /** How long a site's channel fails before its fallback address is told (once per outage). */
  alertAfterMs?: number;
}

/** Retry delay after `attempts` failures: 5 s, 10 s, 20 s ... doubling, at most 1 hour. */
export function backoffMs(attempts: number): number {
  return Math.min(5_000 * 2 ** Math.max(0, attempts - 1), HOUR);
}

/** How long the back-off has waited in all between the first attempt and attempt `attempts`. */
export function retriedForMs(attempts: number): number {
  let total = 0;
  for (let attempt = 1; attempt < attempts; attempt++) total += backoffMs(attempt);
  return total;
}

function inWords(ms: number): string {
  if (ms < 60_000) return `${Math.round(ms / 1000)} s`;
  if (ms < HOUR) return `${Math.round(ms / 60_000)} min`;
  if (ms < 2 * DAY) return `${Math.round(ms / HOUR)} h`;
  return `${Math.round(ms / DAY)} days`;
}

/**
 * One pass over the outbox: claim due deliveries, send each, record the outcome. A delivery is
 * marked delivered only after the receiver acknowledged it, and never claimed again after that.
 * A failing one is retried with a back-off capped at an hour for `retryForMs` (7 days), then kept
 * as failed for `npm run leads -- resend`. Returns how many were delivered and failed this pass.
 */
export async function runOutboxOnce(
  options: OutboxOptions,
): Promise<{ delivered: number; failed: number }> {
  const {
    store,
    siteFor,
    now = Date.now,
    leaseMs = 60_000,
    batch = 20,
    retryForMs = 7 * DAY,
    log = console.warn,
  } = options;
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
        await endChannelOutage(store.driver, delivery.tenant, delivery.channel);
        delivered++;
      } catch (error) {
        const attempts = delivery.attempts + 1;
        const message = error instanceof Error ? error.message : String(error);
        const giveUp = retriedForMs(attempts) >= retryForMs;
        const wait = backoffMs(attempts);
        await store.markAttemptFailed(delivery.id, message, now() + wait, giveUp);
        await recordChannelFailure(store.driver, delivery.tenant, delivery.channel, message, now());
        log(
          `[outbox] ${delivery.tenant} ${delivery.channel} delivery ${delivery.id} (lead ${delivery.leadId}) attempt ${attempts} failed: ${message} ` +
            (giveUp
              ? `Gave up after ${inWords(retriedForMs(attempts))} of retries; resend with: npm run leads -- resend ${delivery.id}`
              : `Next try in ${inWords(wait)}.`),
        );
        failed++;
      }
    }),
  );
  await alertOutages(options);
  return { delivered, failed };
}

/** Tells each site whose channel has failed for `alertAfterMs` (an hour), once per outage. */
async function alertOutages(options: OutboxOptions): Promise<void> {
  const { store, siteFor, now = Date.now, alertAfterMs = HOUR, log = console.warn } = options;
  const outages = await claimOutagesToAlert(store.driver, now(), alertAfterMs);
  const alert = outages.length ? (options.alert ?? outageAlerter()) : undefined;
  for (const outage of outages) {
    const site = siteFor(outage.tenant);
    const waiting = await waitingDeliveries(store.driver, outage.tenant, outage.channel);
    try {
      const to = site ? await alert!(site, { ...outage, waiting, now: now() }) : undefined;
      log(
        `[outbox] ${outage.tenant} ${outage.channel} failing for ${inWords(now() - outage.failingSince)} (${waiting} waiting): ${
          to ? `alerted ${to}` : 'no fallback_email or lead e-mail to alert'
        }`,
      );
    } catch (error) {
      await releaseAlert(store.driver, outage, now() + ALERT_RETRY_MS);
      log(
        `[outbox] ${outage.tenant} ${outage.channel} outage alert could not be sent (retrying in ${inWords(ALERT_RETRY_MS)}): ${error instanceof Error ? error.message : error}`,
      );
    }
  }
}

/** Runs the outbox every `intervalMs` until stopped. */
export function startOutboxWorker(options: OutboxOptions & { intervalMs?: number }): {
  stop(): Promise<void>;
  kick(): void;
} {
  const intervalMs = options.intervalMs ?? 1000;
  let stopped = false;
  let running: Promise<unknown> = Promise.resolve();
  let timer: NodeJS.Timeout | undefined;
  const tick = () => {
    if (stopped) return;
    running = runOutboxOnce(options)
      .catch((error: unknown) =>
        console.error(
          'Outbox pass failed (will retry):',
          error instanceof Error ? error.message : error,
        ),
      )
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
