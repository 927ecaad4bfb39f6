import { createHmac } from 'node:crypto';
import { apiEnv, EnvError } from '../env';
import { warnOnce } from './policy';

/** Only where NODE_ENV is not production: anyone can read it here, so it protects nothing. */
export const DEVELOPMENT_CODE_SECRET =
  'development-only sign-in code secret; set SIGN_IN_CODE_SECRET';

const MIN_LENGTH = 32;

/**
 * The server secret sign-in codes are hashed under (SIGN_IN_CODE_SECRET). A 6-digit code has only
 * a million values, so a plain hash in a copy of the database gives the code away at once; keyed,
 * the copy is no use without the secret. Production refuses to run without one of at least 32
 * characters (the value is never printed); elsewhere a development default is used, with a warning.
 */
export function signInCodeSecret(env: NodeJS.ProcessEnv = process.env): string {
  const { SIGN_IN_CODE_SECRET: secret, NODE_ENV } = apiEnv(env);
  const production = NODE_ENV === 'production';
  if (secret && (secret.length >= MIN_LENGTH || !production)) return secret;
  if (production)
    throw new EnvError(
      secret
        ? `SIGN_IN_CODE_SECRET is too short: use at least ${MIN_LENGTH} random characters (e.g. \`openssl rand -base64 32\`).`
        : `SIGN_IN_CODE_SECRET is not set: with NODE_ENV=production sign-in codes need a server secret of at least ${MIN_LENGTH} random characters (e.g. \`openssl rand -base64 32\`).`,
    );
  if (NODE_ENV !== 'test')
    warnOnce(
      'SIGN_IN_CODE_SECRET is not set: sign-in codes are hashed with the development default (not for production).',
    );
  return DEVELOPMENT_CODE_SECRET;
}

/** HMAC-SHA-256 of the code under the secret, bound to its site and number. */
export function codeHash(secret: string, tenant: string, phone: string, code: string): string {
  return createHmac('sha256', secret).update(`${tenant}\n${phone}\n${code}`).digest('hex');
}
