import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';

/** The port `local_port` settings are written against; PORT moves every site by PORT - this. */
export const DEFAULT_BASE_PORT = 4321;

/**
 * Ports worked out from a slug fall in base .. base + 49: clear of the other local servers'
 * defaults (npm run size 4390, bench:lighthouse 4395, the browser tests 4400).
 */
export const SLUG_PORT_RANGE = 50;

export interface TenantPortSetting {
  slug: string;
  /** The tenant file, for messages. */
  file: string;
  /** Its `local_port`, when set. */
  localPort?: number;
}

export interface PortPlan {
  ports: Map<string, number>;
  /** Where each port came from: the tenant's local_port, or its slug. */
  from: Map<string, 'local_port' | 'slug'>;
  /** One line per tenant that could not have its port, and the one it got. */
  notes: string[];
}

/** FNV-1a of the slug: the same slug gets the same port on every machine, whatever else is there. */
export function slugPortOffset(slug: string): number {
  let hash = 0x811c9dc5;
  for (const char of slug) {
    hash ^= char.codePointAt(0)!;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash % SLUG_PORT_RANGE;
}

/**
 * Each tenant's local port, from `basePort`: its `local_port` (moved by basePort - 4321), else one
 * worked out from its slug, so adding a tenant moves no other. A port wanted twice goes to a
 * tenant that set it over one that did not, then to the first slug in sorted order; the other
 * takes the next free port after the one its slug gives.
 */
export function planPorts(
  tenants: readonly TenantPortSetting[],
  basePort = DEFAULT_BASE_PORT,
): PortPlan {
  const sorted = [...tenants].sort((a, b) => (a.slug < b.slug ? -1 : 1));
  const holders = new Map<number, string>();
  const plan: PortPlan = { ports: new Map(), from: new Map(), notes: [] };
  const nextFree = (offset: number) => {
    for (let tried = 0; tried < SLUG_PORT_RANGE; tried++) {
      const candidate = (offset + tried) % SLUG_PORT_RANGE;
      if (!holders.has(candidate)) return candidate;
    }
    let beyond = SLUG_PORT_RANGE;
    while (holders.has(beyond)) beyond++;
    return beyond;
  };
  const take = (tenant: TenantPortSetting, offset: number, from: 'local_port' | 'slug') => {
    holders.set(offset, tenant.slug);
    plan.ports.set(tenant.slug, basePort + offset);
    plan.from.set(tenant.slug, from);
  };
  // Set ports first, all of them, so a port worked out from a slug never takes one an editor chose.
  const bySlug: TenantPortSetting[] = [];
  for (const tenant of sorted) {
    const offset =
      tenant.localPort === undefined ? undefined : tenant.localPort - DEFAULT_BASE_PORT;
    if (offset !== undefined && !holders.has(offset)) take(tenant, offset, 'local_port');
    else bySlug.push(tenant);
  }
  for (const tenant of bySlug) {
    const wanted = slugPortOffset(tenant.slug);
    const offset = nextFree(wanted);
    take(tenant, offset, 'slug');
    if (tenant.localPort !== undefined) {
      const holder = holders.get(tenant.localPort - DEFAULT_BASE_PORT);
      plan.notes.push(
        `${tenant.file}: local_port ${tenant.localPort} is also ${holder}'s, so ${tenant.slug} is served on ${basePort + offset} instead; give it a local_port of its own`,
      );
    } else if (offset !== wanted)
      plan.notes.push(
        `${tenant.file}: port ${basePort + wanted} (from its slug) is ${holders.get(wanted)}'s, so ${tenant.slug} is served on ${basePort + offset}; set local_port: ${DEFAULT_BASE_PORT + offset} in its file to keep that port when tenants are added`,
      );
  }
  return plan;
}

/** The `local_port` of each tenant file in `dir` (a file that cannot be read or parsed has none). */
export function readPortSettings(
  slugs: readonly string[],
  dir: string,
  root = process.cwd(),
): TenantPortSetting[] {
  return slugs.map((slug) => {
    const absolute = [`${slug}.yaml`, `${slug}.yml`]
      .map((name) => path.join(dir, name))
      .find((candidate) => existsSync(candidate));
    const file = path.relative(root, absolute ?? path.join(dir, `${slug}.yaml`));
    try {
      const value = (parse(readFileSync(absolute!, 'utf8')) as { local_port?: unknown } | null)
        ?.local_port;
      return Number.isInteger(value) ? { slug, file, localPort: value as number } : { slug, file };
    } catch {
      return { slug, file };
    }
  });
}
