/**
 * The stack's ports, from one base (STACK_BASE_PORT, default 8080): the edge on base+1, the API
 * instances on base+707 and base+708 (8787, 8788 by default), and each tenant its own CDN port,
 * base+10 plus its place in the sorted list of all tenants, so adding a tenant moves no other.
 */
export function stackPorts(allSlugs: readonly string[], base = 8080) {
  const sorted = [...allSlugs].sort();
  return {
    edge: base + 1,
    api: [base + 707, base + 708],
    cdn(slug: string): number {
      const index = sorted.indexOf(slug);
      if (index < 0) throw new Error(`unknown tenant ${slug}`);
      return base + 10 + index;
    },
  };
}
