import { z } from 'zod';
import { TenantSchema } from './schema';

/**
 * The tenant schema as JSON Schema, for editors: tenants/*.yaml start with
 * `# yaml-language-server: $schema=./schema.json`, which gives autocompletion and checks as you type.
 */
export function tenantJsonSchema(): Record<string, unknown> {
  const schema = z.toJSONSchema(TenantSchema, { io: 'input', unrepresentable: 'any' }) as Record<
    string,
    unknown
  >;
  return {
    ...schema,
    $id: 'https://dealer-sites.local/tenants/schema.json',
    title: 'Dealer site (tenants/<slug>.yaml)',
    description:
      'One dealer site. Generated from src/tenant/schema by `npm run schema`; do not edit by hand.',
  };
}

export function tenantJsonSchemaText(): string {
  return `${JSON.stringify(tenantJsonSchema(), null, 2)}\n`;
}
