import { describe, expect, it } from 'vitest';
import { apiEnv, EnvError } from '../../api/env';
import { emailDeliverer } from '../../api/outbox/deliver';
import { openStore } from '../../api/storage/store';

describe('the API environment variables', () => {
  it('has the documented defaults when nothing is set, and treats a blank value as unset', () => {
    expect(apiEnv({ OUTBOX_BATCH: '', SMTP_URL: '' })).toMatchObject({
      SMTP_URL: 'smtp://127.0.0.1:25',
      LEADS_RATE_LIMITS: 'on',
      OUTBOX_INTERVAL_MS: 1000,
      OUTBOX_BATCH: 20,
      OUTBOX_LEASE_MS: 60_000,
      IMAGE_FETCH_TIMEOUT_MS: 10_000,
    });
  });

  it('reads numbers as numbers', () => {
    expect(
      apiEnv({ OUTBOX_BATCH: '50', OUTBOX_LEASE_MS: ' 5000 ', LEADS_RATE_LIMITS: 'off' }),
    ).toMatchObject({
      OUTBOX_BATCH: 50,
      OUTBOX_LEASE_MS: 5000,
      LEADS_RATE_LIMITS: 'off',
    });
  });

  it('names every bad variable at once, with its value and what was expected', () => {
    const bad = {
      OUTBOX_BATCH: 'twenty',
      OUTBOX_INTERVAL_MS: '0',
      LEADS_RATE_LIMITS: 'false',
      DATABASE_URL: 'mysql://db/leads',
    };
    expect(() => apiEnv(bad)).toThrow(EnvError);
    expect(() => apiEnv(bad)).toThrow(
      [
        'Bad environment variables:',
        '  DATABASE_URL="mysql://db/leads": expected a postgres:// connection string',
        '  LEADS_RATE_LIMITS="false": expected "on" or "off"',
        '  OUTBOX_INTERVAL_MS="0": expected a whole number of at least 1',
        '  OUTBOX_BATCH="twenty": expected a whole number of at least 1',
      ].join('\n'),
    );
  });

  it('stops the e-mail channel and the store at start-up on a mistyped address, not at the first lead', async () => {
    expect(() => emailDeliverer({ SMTP_URL: 'mail.example.com:25' })).toThrow(
      'SMTP_URL="mail.example.com:25": expected an smtp:// or smtps:// URL',
    );
    await expect(openStore({ DATABASE_URL: 'localhost/leads' })).rejects.toThrow(
      'DATABASE_URL="localhost/leads": expected a postgres:// connection string',
    );
  });
});
