import { createHash, randomBytes, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import type { Row, SqlDriver } from '../storage/sql';
import type { PaymentEvent } from './payments';
import { decideCode, NO_CODE_LIMITS, type CodeLimits } from './code-limits';
import { codeHash, signInCodeSecret } from './code-secret';
import { canMovePayment, isPaymentStatus } from './payment-status';
import { ACCOUNT_POLICY } from './policy';

export interface AccountUser {
  id: string;
  phone: string;
}

export interface StoredPaymentIntent {
  id: string;
  tenant: string;
  leadId: string;
  carId: string;
  amountCents: number;
  description: string;
  provider: string;
  status: string;
  createdAt: number;
}

/** What issueCode did: a code to send, nothing to send (the last one still works), or a refusal with its wait. */
export type IssuedCode =
  | { code: string; expiresAt: number }
  | { pending: true }
  | { refused: 'number' | 'network' | 'site'; retryAfterMs: number };

export type CodeCheck =
  | { ok: true; user: AccountUser }
  | { ok: false; reason: 'missing' | 'expired' | 'used' | 'wrong' | 'too_many_attempts' };

/**
 * Codes and session tokens are kept only as hashes: a copy of the database signs nobody in. A
 * token has 256 random bits, so plain SHA-256 will do; a code is keyed (api/accounts/code-secret.ts).
 */
const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

function sameHash(a: string, b: string): boolean {
  return a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));
}

const toUser = (row: Row): AccountUser => ({ id: String(row.id), phone: String(row.phone) });

/**
 * Accounts storage over the same database as leads (tables from migration 101): users by phone,
 * one-time sign-in codes, sessions and watchlists, all per tenant, and reservation payment intents.
 * `codeSecret` keys the code hashes (default: SIGN_IN_CODE_SECRET, read at first use).
 */
export class AccountStore {
  constructor(
    private readonly driver: SqlDriver,
    private readonly codeSecret?: string,
  ) {}

  private secret(): string {
    return this.codeSecret ?? signInCodeSecret();
  }

  /**
   * A new code for `phone`, requested from `network`; earlier unused codes for it stop working.
   * `limits` (api/accounts/code-limits.ts) are checked against the codes already sent, in the
   * same transaction as the new one is stored, so they hold across processes and restarts.
   */
  async issueCode(
    tenant: string,
    phone: string,
    now: number,
    options: { network?: string; limits?: CodeLimits } = {},
  ): Promise<IssuedCode> {
    const code = String(randomInt(0, 10 ** ACCOUNT_POLICY.codeDigits)).padStart(
      ACCOUNT_POLICY.codeDigits,
      '0',
    );
    const hash = codeHash(this.secret(), tenant, phone, code);
    const expiresAt = now + ACCOUNT_POLICY.codeTtlMs;
    const network = options.network ?? 'unknown';
    return this.driver.transaction(async (tx): Promise<IssuedCode> => {
      // PostgreSQL: one issuer per site at a time, so concurrent requests count each other's codes
      // (SQLite transactions already run one at a time).
      if (this.driver.dialect === 'postgres')
        await tx.all(`SELECT pg_advisory_xact_lock(hashtext(?))`, [`sign-in-codes:${tenant}`]);
      const decision = await decideCode(
        tx,
        tenant,
        phone,
        network,
        now,
        options.limits ?? NO_CODE_LIMITS,
      );
      if (!('send' in decision)) return decision;
      // Codes are kept a day: long enough for every hourly count, short enough to stay small.
      await tx.run(`DELETE FROM sign_in_codes WHERE tenant = ? AND created_at < ?`, [
        tenant,
        now - 24 * 60 * 60_000,
      ]);
      await tx.run(
        `UPDATE sign_in_codes SET used_at = ? WHERE tenant = ? AND phone = ? AND used_at IS NULL`,
        [now, tenant, phone],
      );
      await tx.run(
        `INSERT INTO sign_in_codes (id, tenant, phone, code_hash, expires_at, used_at, attempts, created_at, network) VALUES (?, ?, ?, ?, ?, NULL, 0, ?, ?)`,
        [randomUUID(), tenant, phone, hash, expiresAt, now, network],
      );
      return { code, expiresAt };
    });
  }

  /**
   * Checks `code` against the newest code (of two sent in the same millisecond, the one not superseded) sent to `phone`. A right code is used up (single use) and
   * signs in the phone's user (created on first sign-in); a wrong one counts towards the limit.
   */
  checkCode(tenant: string, phone: string, code: string, now: number): Promise<CodeCheck> {
    const hash = codeHash(this.secret(), tenant, phone, code);
    return this.driver.transaction(async (tx): Promise<CodeCheck> => {
      const rows = await tx.all(
        `SELECT * FROM sign_in_codes WHERE tenant = ? AND phone = ? ORDER BY created_at DESC, CASE WHEN used_at IS NULL THEN 0 ELSE 1 END, id DESC LIMIT 1${this.driver.dialect === 'postgres' ? ' FOR UPDATE' : ''}`,
        [tenant, phone],
      );
      const latest = rows[0];
      if (!latest) return { ok: false, reason: 'missing' };
      if (latest.used_at !== null && latest.used_at !== undefined)
        return { ok: false, reason: 'used' };
      if (Number(latest.attempts) >= ACCOUNT_POLICY.maxCodeAttempts)
        return { ok: false, reason: 'too_many_attempts' };
      if (Number(latest.expires_at) <= now) return { ok: false, reason: 'expired' };
      if (!sameHash(String(latest.code_hash), hash)) {
        await tx.run(`UPDATE sign_in_codes SET attempts = attempts + 1 WHERE id = ?`, [
          String(latest.id),
        ]);
        const left = ACCOUNT_POLICY.maxCodeAttempts - Number(latest.attempts) - 1;
        return { ok: false, reason: left > 0 ? 'wrong' : 'too_many_attempts' };
      }
      // Single use: only the request that flips used_at from NULL signs in.
      const claimed = await tx.run(
        `UPDATE sign_in_codes SET used_at = ? WHERE id = ? AND used_at IS NULL`,
        [now, String(latest.id)],
      );
      if (!claimed) return { ok: false, reason: 'used' };
      await tx.run(
        `INSERT INTO account_users (id, tenant, phone, created_at) VALUES (?, ?, ?, ?) ON CONFLICT (tenant, phone) DO NOTHING`,
        [randomUUID(), tenant, phone, now],
      );
      const users = await tx.all(
        `SELECT id, phone FROM account_users WHERE tenant = ? AND phone = ?`,
        [tenant, phone],
      );
      return { ok: true, user: toUser(users[0]!) };
    });
  }

  /** Starts a session; the returned token goes in the cookie and is stored only as a hash. */
  async createSession(
    tenant: string,
    userId: string,
    now: number,
  ): Promise<{ token: string; expiresAt: number }> {
    const token = randomBytes(32).toString('base64url');
    const expiresAt = now + ACCOUNT_POLICY.sessionTtlMs;
    await this.driver.run(
      `INSERT INTO account_sessions (token_hash, tenant, user_id, created_at, expires_at, ended_at) VALUES (?, ?, ?, ?, ?, NULL)`,
      [sha256(token), tenant, userId, now, expiresAt],
    );
    return { token, expiresAt };
  }

  /** The user of a live session on this tenant, or undefined (unknown, signed out, expired or another site's). */
  async sessionUser(tenant: string, token: string, now: number): Promise<AccountUser | undefined> {
    const rows = await this.driver.all(
      `SELECT u.id, u.phone FROM account_sessions s JOIN account_users u ON u.id = s.user_id
       WHERE s.token_hash = ? AND s.tenant = ? AND u.tenant = ? AND s.ended_at IS NULL AND s.expires_at > ?`,
      [sha256(token), tenant, tenant, now],
    );
    return rows[0] ? toUser(rows[0]) : undefined;
  }

  async endSession(tenant: string, token: string, now: number): Promise<void> {
    await this.driver.run(
      `UPDATE account_sessions SET ended_at = ? WHERE token_hash = ? AND tenant = ? AND ended_at IS NULL`,
      [now, sha256(token), tenant],
    );
  }

  /** Adds a car to the user's watchlist (saving twice keeps one entry). */
  async saveCar(tenant: string, userId: string, carId: string, now: number): Promise<void> {
    await this.driver.run(
      `INSERT INTO watchlist_entries (tenant, user_id, car_id, created_at) VALUES (?, ?, ?, ?) ON CONFLICT (tenant, user_id, car_id) DO NOTHING`,
      [tenant, userId, carId, now],
    );
  }

  async removeCar(tenant: string, userId: string, carId: string): Promise<void> {
    await this.driver.run(
      `DELETE FROM watchlist_entries WHERE tenant = ? AND user_id = ? AND car_id = ?`,
      [tenant, userId, carId],
    );
  }

  /** The user's saved car ids, oldest first. */
  async watchlist(tenant: string, userId: string): Promise<string[]> {
    const rows = await this.driver.all(
      `SELECT car_id FROM watchlist_entries WHERE tenant = ? AND user_id = ? ORDER BY created_at, car_id`,
      [tenant, userId],
    );
    return rows.map((row) => String(row.car_id));
  }

  async recordPaymentIntent(
    intent: Omit<StoredPaymentIntent, 'id' | 'createdAt'>,
    now: number,
  ): Promise<string> {
    const id = randomUUID();
    await this.driver.run(
      `INSERT INTO payment_intents (id, tenant, lead_id, car_id, amount_cents, description, provider, status, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      [
        id,
        intent.tenant,
        intent.leadId,
        intent.carId,
        intent.amountCents,
        intent.description,
        intent.provider,
        intent.status,
        now,
      ],
    );
    return id;
  }

  /**
   * A webhook's event, once: `not_found` when this site has no such intent, `duplicate` when the
   * provider's event id was seen before (a retry or a replay), `ignored` when the move is not one
   * the payment may make (see payment-status.ts), else `applied`. Every new event is kept.
   */
  applyPaymentEvent(
    tenant: string,
    provider: string,
    event: PaymentEvent,
    now: number,
  ): Promise<'applied' | 'ignored' | 'duplicate' | 'not_found'> {
    return this.driver.transaction(async (tx) => {
      // FOR UPDATE: two events for one payment take turns, so each sees the other's outcome.
      const rows = await tx.all(
        `SELECT status FROM payment_intents WHERE tenant = ? AND id = ?${this.driver.dialect === 'postgres' ? ' FOR UPDATE' : ''}`,
        [tenant, event.intentId],
      );
      if (!rows[0]) return 'not_found';
      const current = rows[0].status;
      const applies = isPaymentStatus(current) && canMovePayment(current, event.status);
      const fresh = await tx.run(
        `INSERT INTO payment_events (provider, event_id, tenant, intent_id, status, applied, received_at) VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (provider, event_id) DO NOTHING`,
        [provider, event.id, tenant, event.intentId, event.status, applies ? 1 : 0, now],
      );
      if (!fresh) return 'duplicate';
      if (!applies) return 'ignored';
      await tx.run(`UPDATE payment_intents SET status = ? WHERE tenant = ? AND id = ?`, [
        event.status,
        tenant,
        event.intentId,
      ]);
      return 'applied';
    });
  }

  async paymentIntents(tenant: string): Promise<StoredPaymentIntent[]> {
    const rows = await this.driver.all(
      `SELECT * FROM payment_intents WHERE tenant = ? ORDER BY created_at, id`,
      [tenant],
    );
    return rows.map((row) => ({
      id: String(row.id),
      tenant: String(row.tenant),
      leadId: String(row.lead_id),
      carId: String(row.car_id),
      amountCents: Number(row.amount_cents),
      description: String(row.description),
      provider: String(row.provider),
      status: String(row.status),
      createdAt: Number(row.created_at),
    }));
  }
}
