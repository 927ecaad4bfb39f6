import { z } from 'zod';
import { readEnv } from '../src/config/read-env';

export { EnvError } from '../src/config/read-env';

const wholeNumber = (min: number, fallback: number) =>
  z
    .string()
    .trim()
    .regex(/^\d+$/, `expected a whole number of at least ${min}`)
    .transform(Number)
    .refine((value) => value >= min, `expected a whole number of at least ${min}`)
    .optional()
    .transform((value) => value ?? fallback);
const text = z.string().optional();

/**
 * The API's environment variables (docs/api-and-storage.md lists them). Blank counts as unset.
 * Per-site secrets (a webhook's `secret_env`) are named by the tenant file and read directly.
 */
const ApiEnvSchema = z.object({
  /** PostgreSQL connection string; without it leads go to the SQLite file. */
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'expected a postgres:// connection string')
    .optional(),
  LEADS_DB_FILE: text,
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'expected an smtp:// or smtps:// URL')
    .default('smtp://127.0.0.1:25'),
  /** Proxies in front that append to X-Forwarded-For (api/client-address.ts checks the range). */
  TRUST_PROXY: text,
  /** `off` turns the API's per-address limits off (browser tests, benchmarks). */
  LEADS_RATE_LIMITS: z.enum(['on', 'off'], { error: 'expected "on" or "off"' }).default('on'),
  OUTBOX_INTERVAL_MS: wholeNumber(1, 1000),
  OUTBOX_BATCH: wholeNumber(1, 20),
  OUTBOX_LEASE_MS: wholeNumber(1, 60_000),
  /** How long a site's lead channel fails before its fallback address is told (default an hour; tests shorten it). */
  OUTBOX_ALERT_AFTER_MS: wholeNumber(1, 3_600_000),
  IMAGE_FETCH_TIMEOUT_MS: wholeNumber(1, 10_000),
  IMAGE_SITE_ROOT: text,
  IMAGE_CACHE_DIR: text,
  /** Checked where it is used, which falls back to the default with a warning (api/accounts/policy.ts). */
  SIGN_IN_CODES_PER_SITE_PER_HOUR: text,
  /** Key for sign-in code hashes; required with NODE_ENV=production (checked in api/accounts/code-secret.ts, never printed). */
  SIGN_IN_CODE_SECRET: text,
  /** `1` prints sign-in codes to the server log (no SMS provider locally). */
  SIGN_IN_CODES_LOG: text,
  PAYMENT_WEBHOOK_SECRET: text,
  NODE_ENV: text,
});

export type ApiEnv = z.output<typeof ApiEnvSchema>;

/** The API's settings from `env` (read afresh each call: tests change it); throws EnvError naming every bad variable. */
export function apiEnv(env: NodeJS.ProcessEnv = process.env): ApiEnv {
  return readEnv(ApiEnvSchema, env);
}
