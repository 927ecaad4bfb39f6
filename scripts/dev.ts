/**
 * npm run dev -- <slug>
 * Live preview of one tenant while editing pages or its YAML: prepares the tenant's data, then runs
 * `astro dev`. Restart after changing the YAML or feeds.
 */
import { spawn } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { prepareSite, describeReport } from '../src/site/prepare';
import { loadTenant, listTenantSlugs } from '../src/tenant/load';
import { buildEnvVars } from '../src/config/build-env';
import { siteSnapshotBytes } from '../src/site/snapshot';
import { ROOT, snapshotFile } from '../platform/paths';
import { ensureDemoData } from '../platform/build/sample-data';

const slug = process.argv[2] ?? (await listTenantSlugs(ROOT))[0];
if (!slug) throw new Error('No tenants in tenants/.');
const tenant = await loadTenant(slug, ROOT).catch((error: Error) => {
  console.error(error.message);
  process.exit(1);
});
await ensureDemoData([tenant], console.log);
const { site, report } = await prepareSite(tenant, ROOT, new Date());
for (const line of describeReport(report)) console.log(`  ! ${line}`);
const file = snapshotFile(`${slug}.dev`);
await mkdir(path.dirname(file), { recursive: true });
await writeFile(file, siteSnapshotBytes(site));
spawn(process.execPath, [path.join(ROOT, 'node_modules/astro/bin/astro.mjs'), 'dev'], {
  cwd: ROOT,
  stdio: 'inherit',
  env: {
    ...process.env,
    ...buildEnvVars({ SITE_DATA: file, SITE_URL: tenant.url }),
    ASTRO_TELEMETRY_DISABLED: '1',
  },
});
