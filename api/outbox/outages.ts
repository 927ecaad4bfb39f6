import type { SqlDriver } from '../storage/sql';
import type { DeliveryChannel } from '../storage/store';

/** A site's channel (its webhook, its lead e-mail) failing since `failingSince`, until one delivery gets through. */
export interface Outage {
  tenant: string;
  channel: DeliveryChannel;
  failingSince: number;
  lastError: string | null;
}

/** Notes a failed attempt: starts the channel's outage at `now` unless one is already running. */
export async function recordChannelFailure(
  driver: SqlDriver,
  tenant: string,
  channel: DeliveryChannel,
  error: string,
  now: number,
): Promise<void> {
  await driver.run(
    `INSERT INTO outbox_outages (tenant, channel, failing_since, last_error) VALUES (?, ?, ?, ?)
     ON CONFLICT (tenant, channel) DO UPDATE SET last_error = excluded.last_error`,
    [tenant, channel, now, error.slice(0, 1000)],
  );
}

/** A delivery got through: the outage (if any) is over, and the next one is alerted afresh. */
export async function endChannelOutage(
  driver: SqlDriver,
  tenant: string,
  channel: DeliveryChannel,
): Promise<void> {
  await driver.run(`DELETE FROM outbox_outages WHERE tenant = ? AND channel = ?`, [
    tenant,
    channel,
  ]);
}

/**
 * Outages that have lasted `afterMs` and were not alerted yet, each claimed for this caller: of
 * several workers, one alerts.
 */
export async function claimOutagesToAlert(
  driver: SqlDriver,
  now: number,
  afterMs: number,
): Promise<Outage[]> {
  const due = await driver.all(
    `SELECT tenant, channel FROM outbox_outages WHERE alerted_at IS NULL AND failing_since <= ? AND alert_not_before <= ?`,
    [now - afterMs, now],
  );
  const claimed: Outage[] = [];
  for (const row of due) {
    const rows = await driver.all(
      `UPDATE outbox_outages SET alerted_at = ? WHERE tenant = ? AND channel = ? AND alerted_at IS NULL RETURNING tenant, channel, failing_since, last_error`,
      [now, String(row.tenant), String(row.channel)],
    );
    const outage = rows[0];
    if (outage)
      claimed.push({
        tenant: String(outage.tenant),
        channel: outage.channel as DeliveryChannel,
        failingSince: Number(outage.failing_since),
        lastError: (outage.last_error as string | null) ?? null,
      });
  }
  return claimed;
}

/** The alert could not be sent: try again after `retryAt` (not on every pass while the mail server is down too). */
export async function releaseAlert(
  driver: SqlDriver,
  outage: Outage,
  retryAt: number,
): Promise<void> {
  await driver.run(
    `UPDATE outbox_outages SET alerted_at = NULL, alert_not_before = ? WHERE tenant = ? AND channel = ? AND failing_since = ?`,
    [retryAt, outage.tenant, outage.channel, outage.failingSince],
  );
}

/** How many deliveries of this site's channel are waiting (retrying or given up). */
export async function waitingDeliveries(
  driver: SqlDriver,
  tenant: string,
  channel: DeliveryChannel,
): Promise<number> {
  const rows = await driver.all(
    `SELECT COUNT(*) AS n FROM outbox WHERE tenant = ? AND channel = ? AND status <> 'delivered'`,
    [tenant, channel],
  );
  return Number(rows[0]?.n ?? 0);
}
