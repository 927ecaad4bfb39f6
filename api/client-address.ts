import { isIP } from 'node:net';
import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';
import { expandIPv6 } from 'hono/utils/ipaddr';

/**
 * How many proxies in front of the API append to X-Forwarded-For (TRUST_PROXY). 0, the default,
 * ignores the header: any client can send one, so trusting it lets one address pose as many.
 */
export function parseTrustProxy(value: string | number | undefined): number {
  if (value === undefined || value === '') return 0;
  const hops =
    typeof value === 'number' ? value : /^\d+$/.test(value.trim()) ? Number(value) : Number.NaN;
  if (!Number.isInteger(hops) || hops < 0 || hops > 10)
    throw new Error(
      `TRUST_PROXY must be the number of proxies in front of the API (0 when none, usually 1); got "${String(value)}".`,
    );
  return hops;
}

/** The peer of the connection when the host is @hono/node-server (its bindings carry the socket). */
function socketAddress(c: Context): string | undefined {
  const env = c.env as { incoming?: unknown; server?: { incoming?: unknown } } | undefined;
  if (!env?.incoming && !env?.server?.incoming) return undefined;
  return getConnInfo(c).remote.address;
}

/**
 * The address `hops` trusted proxies saw: each appends the address it received from, so the
 * last `hops` entries are theirs and anything further left is whatever the client wrote.
 */
function forwardedAddress(header: string | undefined, hops: number): string | undefined {
  if (!header || !hops) return undefined;
  const entries = header
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  const address = entries[Math.max(0, entries.length - hops)];
  return address && isIP(address) ? address : undefined;
}

/**
 * One key per visitor for rate limits and view counts. An IPv6 visitor is keyed by its /64: one
 * home or phone gets a whole /64 and could otherwise use a new address per request.
 */
export function visitorKey(address: string): string {
  const v4mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (v4mapped) return v4mapped[1]!;
  if (isIP(address) !== 6) return address;
  return `${expandIPv6(address.replace(/%.*$/, '')).split(':').slice(0, 4).join(':')}::/64`;
}

/**
 * The network a visitor key belongs to, for limits one requester could dodge by moving to the next
 * address: an IPv4 address's /24 (a home, office or small host's block). An IPv6 key is already
 * its /64, the network one subscriber gets.
 */
export function networkOf(visitor: string): string {
  const v4 = /^(\d+\.\d+\.\d+)\.\d+$/.exec(visitor);
  return v4 ? `${v4[1]}.0/24` : visitor;
}

/**
 * The visitor's address: the host's own answer (`peer`) or the socket's, replaced by the
 * X-Forwarded-For entry the trusted proxy wrote when TRUST_PROXY says there is one.
 */
export function clientAddress(c: Context, hops: number, peer?: string): string {
  const address =
    forwardedAddress(c.req.header('x-forwarded-for'), hops) ?? peer ?? socketAddress(c);
  return address ? visitorKey(address) : 'unknown';
}
