import { describe, expect, it } from 'vitest';
import { loadTenants } from '../../src/tenant/load';

describe('demo tenants', () => {
  it('all validate', async () => {
    const tenants = await loadTenants();
    expect(tenants.map((t) => t.slug)).toEqual(['aurora-motors', 'bayside-toyota', 'southern-cross-motor-group', 'sunset-caravans']);
  });
});
