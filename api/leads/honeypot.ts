import { createHash } from 'node:crypto';

/**
 * The answer to a lead whose honeypot field (`website`, hidden from people and assistive tech) was
 * filled: what a stored lead gets, 201 and a lead id, while nothing is stored or delivered. An
 * error, even a generic one, tells a bot that something about its post was refused and lets it try
 * again field by field until it passes; an answer like success tells it nothing. The id is a UUID
 * (v4 layout) made from the tenant and idempotency key, so a retry gets the same one, as a real
 * lead's retry does.
 */
export function trappedLeadId(tenant: string, idempotencyKey: string): string {
  const hex = createHash('sha256')
    .update(`honeypot\u0000${tenant}\u0000${idempotencyKey}`)
    .digest('hex');
  const variant = ((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}
