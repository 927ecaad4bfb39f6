import { apiEnv } from '../../api/env';
import type { Tenant } from '../../src/tenant/schema';

type ProductionTenant = Pick<Tenant, 'slug' | 'url' | 'features' | 'leads'>;

/** Whether a site asks shoppers to sign in (gated pages, or reserving a car). */
export const hasSignIn = (tenant: Pick<Tenant, 'features'>) =>
  tenant.features.sign_in_gated.length > 0 || tenant.features.reserve;

/**
 * Everything that makes `npm run api` unsafe or useless in production (NODE_ENV=production), one
 * line each, so an operator fixes them all in one go. Empty when the process may start.
 */
export function productionProblems(
  env: NodeJS.ProcessEnv,
  tenants: readonly ProductionTenant[],
): string[] {
  const settings = apiEnv(env);
  const problems: string[] = [];
  if (!settings.DATABASE_URL)
    problems.push(
      'DATABASE_URL is not set: production keeps leads, sign-ins and limits in PostgreSQL shared by every instance (postgres://...)',
    );
  if (settings.SIGN_IN_CODES_LOG === '1')
    problems.push(
      'SIGN_IN_CODES_LOG=1 would write sign-in codes to the log, where anyone who reads it can sign in: unset it',
    );
  if (!env.SIGN_IN_CODE_SECRET?.trim())
    problems.push(
      'SIGN_IN_CODE_SECRET is not set: sign-in codes are stored under a keyed hash, and production needs its own key',
    );
  const smtp = env.SMTP_URL?.trim();
  for (const tenant of tenants) {
    const webhook = tenant.leads.webhook;
    if (webhook && !env[webhook.secret_env]?.trim())
      problems.push(`${tenant.slug}: leads.webhook names ${webhook.secret_env}, which is not set`);
    if (!webhook && !smtp)
      problems.push(
        `${tenant.slug}: no way to deliver leads: set SMTP_URL, or a leads.webhook in the tenant file`,
      );
    if (hasSignIn(tenant) && !env.SMS_API_URL?.trim())
      problems.push(
        `${tenant.slug}: shoppers sign in with a texted code, and no SMS sender is configured: set SMS_API_URL (and SMS_API_TOKEN)`,
      );
    if (tenant.features.reserve && !settings.PAYMENT_WEBHOOK_SECRET)
      problems.push(
        `${tenant.slug}: takes reservation deposits, and PAYMENT_WEBHOOK_SECRET is not set (payment events could not be verified)`,
      );
    if (!tenant.url.startsWith('https://'))
      problems.push(
        `${tenant.slug}: url ${tenant.url} is not https: the session cookie is Secure and __Host- prefixed, so sign-in would not work`,
      );
  }
  return problems;
}
