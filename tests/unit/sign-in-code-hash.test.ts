import { createHash } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { codeHash, signInCodeSecret } from '../../api/accounts/code-secret';
import { AccountStore } from '../../api/accounts/store';
import { createApi } from '../../api/app';
import { EnvError } from '../../api/env';
import type { Store } from '../../api/storage/store';
import { apiTestSite } from '../support/api-site';
import { storeKinds } from '../support/stores';

const NOW = Date.parse('2026-11-23T10:00:00Z');
const TENANT = 'bayside-toyota';
const PHONE = '0412345678';
const SECRET = 'test-secret-4Jq9v2LmT8xR0aZk7NcW5pYh3Ud6Ef1G';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** Each database kind; the brute-force check runs on the first only (the hash is the same on every database). */
for (const [index, kind] of storeKinds().entries()) {
  describe.skipIf(!kind.available)(`sign-in codes in a copy of the ${kind.name} database`, () => {
    let store: Store;
    let dispose: () => Promise<void>;
    beforeEach(async () => {
      ({ store, dispose } = await kind.open());
    });
    afterEach(async () => dispose());

    if (index === 0)
      it('cannot be found by hashing all 10^6 codes with SHA-256; the keyed hash under the server secret matches', async () => {
        const issued = await new AccountStore(store.driver, SECRET).issueCode(TENANT, PHONE, NOW);
        if (!('code' in issued)) throw new Error('no code issued');
        const [row] = await store.driver.all(`SELECT code_hash FROM sign_in_codes`);
        const stored = String(row!.code_hash);
        // What someone with the copy tries: every 6-digit code, hashed as before and bare.
        let found: string | undefined;
        for (let n = 0; n < 1_000_000 && !found; n++) {
          const code = String(n).padStart(6, '0');
          if (sha256(`${TENANT}\n${PHONE}\n${code}`) === stored || sha256(code) === stored)
            found = code;
        }
        expect(found).toBeUndefined();
        expect(stored).not.toContain(issued.code);
        expect(codeHash(SECRET, TENANT, PHONE, issued.code)).toBe(stored);
      }, 60_000);

    it('a code checks with the secret it was issued under, not with another', async () => {
      const issued = await new AccountStore(store.driver, SECRET).issueCode(TENANT, PHONE, NOW);
      if (!('code' in issued)) throw new Error('no code issued');
      expect(
        await new AccountStore(store.driver, `${SECRET}-rotated`).checkCode(
          TENANT,
          PHONE,
          issued.code,
          NOW + 1,
        ),
      ).toEqual({ ok: false, reason: 'wrong' });
      expect(
        await new AccountStore(store.driver, SECRET).checkCode(TENANT, PHONE, issued.code, NOW + 2),
      ).toMatchObject({ ok: true, user: { phone: PHONE } });
    });
  });
}

describe('SIGN_IN_CODE_SECRET', () => {
  const saved = {
    NODE_ENV: process.env.NODE_ENV,
    SIGN_IN_CODE_SECRET: process.env.SIGN_IN_CODE_SECRET,
  };
  afterEach(() => {
    for (const [name, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  });

  it('is required in production: the API refuses to start without it, naming it and never printing a value', () => {
    process.env.NODE_ENV = 'production';
    delete process.env.SIGN_IN_CODE_SECRET;
    const site = apiTestSite();
    expect(() => createApi({ siteFor: () => site }, () => TENANT)).toThrow(EnvError);
    expect(() => createApi({ siteFor: () => site }, () => TENANT)).toThrow(
      /SIGN_IN_CODE_SECRET is not set/,
    );
    process.env.SIGN_IN_CODE_SECRET = 'short-and-guessable';
    expect(() => createApi({ siteFor: () => site }, () => TENANT)).toThrow(
      /SIGN_IN_CODE_SECRET is too short/,
    );
    const error = (() => {
      try {
        signInCodeSecret();
      } catch (thrown) {
        return thrown as Error;
      }
    })();
    expect(error?.message).not.toContain('short-and-guessable');
    process.env.SIGN_IN_CODE_SECRET = SECRET;
    expect(() => createApi({ siteFor: () => site }, () => TENANT)).not.toThrow();
  });

  it('outside production falls back to a development secret', () => {
    delete process.env.SIGN_IN_CODE_SECRET;
    process.env.NODE_ENV = 'development';
    expect(signInCodeSecret()).toMatch(/development/);
    process.env.SIGN_IN_CODE_SECRET = SECRET;
    expect(signInCodeSecret()).toBe(SECRET);
  });
});
