import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  planPorts,
  readPortSettings,
  type TenantPortSetting,
} from '../../platform/serve/tenant-ports';
import { listTenantSlugs } from '../../src/tenant/load';

const root = path.resolve(import.meta.dirname, '../..');
const demo = readPortSettings(await listTenantSlugs(root), path.join(root, 'tenants'), root);
const portsOf = (tenants: TenantPortSetting[], base?: number) =>
  Object.fromEntries(planPorts(tenants, base).ports);
const added = (slug: string, localPort?: number): TenantPortSetting => ({
  slug,
  file: `tenants/${slug}.yaml`,
  localPort,
});

describe('each tenant keeps its local port', () => {
  it('the demo sites keep the ports the README and the browser tests use', () => {
    expect(portsOf(demo)).toEqual({
      'aurora-motors': 4321,
      'bayside-toyota': 4322,
      'southern-cross-motor-group': 4323,
      'sunset-caravans': 4324,
    });
    expect(portsOf(demo, 4400)).toEqual({
      'aurora-motors': 4400,
      'bayside-toyota': 4401,
      'southern-cross-motor-group': 4402,
      'sunset-caravans': 4403,
    });
  });

  it('adding a tenant moves no other site, wherever its name sorts', () => {
    const before = portsOf(demo);
    const after = portsOf([...demo, added('aaa-motors'), added('harbour-mazda')]);
    expect(after).toMatchObject(before);
    expect(after['harbour-mazda']).toBe(4357);
    expect(portsOf([...demo, added('harbour-mazda')])['harbour-mazda']).toBe(4357);
  });

  it('a port worked out from the slug that is taken: the next free one, and a note saying how to keep it', () => {
    const plan = planPorts([...demo, added('new-dealer')]);
    expect(plan.ports.get('new-dealer')).toBe(4325);
    expect(plan.notes).toEqual([
      "tenants/new-dealer.yaml: port 4324 (from its slug) is sunset-caravans's, so new-dealer is served on 4325; set local_port: 4325 in its file to keep that port when tenants are added",
    ]);
  });

  it('two slugs that work out to the same port: the first in sorted order keeps it', () => {
    const plan = planPorts([added('valley-hyundai'), added('metro-honda')]);
    expect(Object.fromEntries(plan.ports)).toEqual({ 'metro-honda': 4350, 'valley-hyundai': 4351 });
    expect(plan.notes).toEqual([
      "tenants/valley-hyundai.yaml: port 4350 (from its slug) is metro-honda's, so valley-hyundai is served on 4351; set local_port: 4351 in its file to keep that port when tenants are added",
    ]);
  });

  it("a copy that kept the other dealer's local_port is moved, and told so", () => {
    const plan = planPorts([...demo, added('new-dealer', 4322)]);
    expect(plan.ports.get('bayside-toyota')).toBe(4322);
    expect(plan.ports.get('new-dealer')).toBe(4325);
    expect(plan.notes).toEqual([
      "tenants/new-dealer.yaml: local_port 4322 is also bayside-toyota's, so new-dealer is served on 4325 instead; give it a local_port of its own",
    ]);
  });

  describe('read from the tenant files', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'tenant-ports-'));
    afterAll(() => rmSync(dir, { recursive: true, force: true }));

    it('takes local_port when it is a whole number, and the slug otherwise', () => {
      writeFileSync(path.join(dir, 'set.yaml'), 'slug: set\nlocal_port: 4330\n');
      writeFileSync(path.join(dir, 'unset.yaml'), 'slug: unset\n');
      writeFileSync(path.join(dir, 'broken.yaml'), 'slug: [broken\n');
      expect(readPortSettings(['set', 'unset', 'broken'], dir, dir)).toEqual([
        { slug: 'set', file: 'set.yaml', localPort: 4330 },
        { slug: 'unset', file: 'unset.yaml' },
        { slug: 'broken', file: 'broken.yaml' },
      ]);
    });
  });
});
