/** npm run schema: writes tenants/schema.json from the zod tenant schema. */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { tenantJsonSchemaText } from '../src/tenant/json-schema';
import { ROOT } from '../platform/paths';

const file = path.join(ROOT, 'tenants', 'schema.json');
await writeFile(file, tenantJsonSchemaText());
console.log(`Wrote ${path.relative(ROOT, file)}`);
