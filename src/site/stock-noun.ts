import type { Tenant } from '../tenant/schema';

/** The noun in running text ("this caravan"): the singular in lower case. */
export function stockWord(tenant: Pick<Tenant, 'template' | 'labels'>): string {
  return stockNoun(tenant).singular.toLowerCase();
}

/** What this site calls its stock: "Cars", or "Caravans" on caravan sites (SPEC 1), unless the tenant says otherwise. */
export function stockNoun(tenant: Pick<Tenant, 'template' | 'labels'>): {
  singular: string;
  plural: string;
} {
  if (tenant.labels.stock_noun) return tenant.labels.stock_noun;
  return tenant.template === 'caravan'
    ? { singular: 'Caravan', plural: 'Caravans' }
    : { singular: 'Car', plural: 'Cars' };
}
