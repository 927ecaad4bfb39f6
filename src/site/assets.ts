import path from 'node:path';
import type { Tenant } from '../tenant/schema';

/** Where the build copies the tenant's logo inside its site (theme.logo is relative to tenants/). */
export function logoPath(tenant: Pick<Tenant, 'theme'>): string | undefined {
  return tenant.theme.logo
    ? `/tenant/logo${path.extname(tenant.theme.logo).toLowerCase()}`
    : undefined;
}
