import type { LoadedTenant } from '../../src/tenant/load';
import { ROOT } from '../paths';

/** Demo tenants read generated feeds from data/demo/; make sure they exist and are today's. */
export async function ensureDemoData(
  tenants: LoadedTenant[],
  log: (line: string) => void,
): Promise<void> {
  const usesDemoData = tenants.some((tenant) =>
    Object.values(tenant.feeds).some(
      (source) => typeof source === 'string' && source.startsWith('data/demo/'),
    ),
  );
  if (!usesDemoData) return;
  const { ensureSampleData } = await import('../../scripts/sample-data/ensure');
  const started = performance.now();
  const { generated } = await ensureSampleData(ROOT);
  if (generated)
    log(
      `Generated demo data in data/demo/ and public/media/ (${((performance.now() - started) / 1000).toFixed(1)} s)`,
    );
}
