import { planPorts, type TenantPortSetting } from '../serve/tenant-ports';

/**
 * The stack's ports, from one base (STACK_BASE_PORT, default 8080): the edge on base+1, the API
 * instances on base+707 and base+708 (8787, 8788 by default), and each tenant its own CDN port at
 * base+10 plus the offset its local port has (its `local_port`, else one from its slug), so adding
 * a tenant moves no other.
 */
export function stackPorts(tenants: readonly TenantPortSetting[], base = 8080) {
  const plan = planPorts(tenants, base + 10);
  return {
    edge: base + 1,
    api: [base + 707, base + 708],
    notes: plan.notes,
    cdn(slug: string): number {
      const port = plan.ports.get(slug);
      if (port === undefined) throw new Error(`unknown tenant ${slug}`);
      return port;
    },
  };
}
