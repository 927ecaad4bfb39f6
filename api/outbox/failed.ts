import type { SqlDriver } from '../storage/sql';
import type { DeliveryChannel, DeliveryStatus } from '../storage/store';

/** A delivery that has not got through: still retrying (pending) or given up (failed). */
export interface UndeliveredLead {
  id: string;
  leadId: string;
  tenant: string;
  channel: DeliveryChannel;
  status: DeliveryStatus;
  attempts: number;
  lastError: string | null;
  createdAt: number;
  nextAttemptAt: number;
}

/** Given-up deliveries, and (with `retrying`) those still being retried after a failure; oldest first. */
export async function undeliveredLeads(
  driver: SqlDriver,
  { retrying = false } = {},
): Promise<UndeliveredLead[]> {
  const rows = await driver.all(
    `SELECT id, lead_id, tenant, channel, status, attempts, last_error, created_at, next_attempt_at FROM outbox
     WHERE status = 'failed'${retrying ? ` OR (status = 'pending' AND attempts > 0)` : ''} ORDER BY created_at, id`,
  );
  return rows.map((row) => ({
    id: String(row.id),
    leadId: String(row.lead_id),
    tenant: String(row.tenant),
    channel: row.channel as DeliveryChannel,
    status: row.status as DeliveryStatus,
    attempts: Number(row.attempts),
    lastError: (row.last_error as string | null) ?? null,
    createdAt: Number(row.created_at),
    nextAttemptAt: Number(row.next_attempt_at),
  }));
}

export type ResendOutcome = 'queued' | 'already delivered' | 'not found';

/**
 * Puts a delivery back in the outbox to be sent at once, with a fresh retry period. A delivered
 * one is never sent twice. The running API's outbox worker does the sending.
 */
export async function resendDelivery(
  driver: SqlDriver,
  id: string,
  now: number,
): Promise<ResendOutcome> {
  const changed = await driver.run(
    `UPDATE outbox SET status = 'pending', attempts = 0, next_attempt_at = ?, lease_until = 0 WHERE id = ? AND status <> 'delivered'`,
    [now, id],
  );
  if (changed) return 'queued';
  const rows = await driver.all(`SELECT status FROM outbox WHERE id = ?`, [id]);
  return rows[0] ? 'already delivered' : 'not found';
}

/** Every given-up delivery back in the outbox; returns their ids. */
export async function resendAllFailed(driver: SqlDriver, now: number): Promise<string[]> {
  const rows = await driver.all(
    `UPDATE outbox SET status = 'pending', attempts = 0, next_attempt_at = ?, lease_until = 0 WHERE status = 'failed' RETURNING id`,
    [now],
  );
  return rows.map((row) => String(row.id));
}
