import type { Tenant } from '../../src/tenant/schema';

/** "Www.Example.com.au:443" -> "www.example.com.au"; undefined when there is no usable host. */
export function hostOf(header: string | null | undefined): string | undefined {
  if (!header) return undefined;
  const host = header.trim().toLowerCase().replace(/:\d+$/, '').replace(/\.$/, '');
  return host || undefined;
}

/**
 * Which tenant each host name belongs to: the host of its `url` and its extra `hostnames`. A host
 * claimed by two tenants is a configuration error (a request could reach the wrong dealer's data).
 */
export function hostTable(tenants: readonly Pick<Tenant, 'slug' | 'url' | 'hostnames'>[]): {
  hosts: Map<string, string>;
  problems: string[];
} {
  const hosts = new Map<string, string>();
  const problems: string[] = [];
  for (const tenant of tenants)
    for (const host of new Set([new URL(tenant.url).hostname, ...tenant.hostnames])) {
      const taken = hosts.get(host);
      if (taken && taken !== tenant.slug)
        problems.push(
          `${tenant.slug}: host ${host} is already ${taken}'s; each host name belongs to one site`,
        );
      else hosts.set(host, tenant.slug);
    }
  return { hosts, problems };
}
