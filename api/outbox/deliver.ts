import { apiEnv } from '../env';
import { createHmac } from 'node:crypto';
import { leadSettings } from '../leads/settings';
import nodemailer from 'nodemailer';
import type { SiteData } from '../../src/site/types';
import type { Delivery } from '../storage/store';
import { leadToAdf, leadToText } from './adf';
import type { LeadPayload } from './payload';

/** Sends one delivery; resolves when the receiver acknowledged it, throws otherwise. */
export type Deliverer = (
  delivery: Delivery,
  lead: LeadPayload,
  site: SiteData | undefined,
) => Promise<void>;

/** HMAC-SHA256 of the exact body, hex: the receiver recomputes it with the shared secret. */
export function signBody(body: string, secret: string): string {
  return `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
}

/**
 * POST the lead as JSON. X-Lead-Delivery is the same on every retry of one delivery, so a receiver
 * that got it but whose answer was lost can drop the repeat.
 */
export function webhookDeliverer(
  env: NodeJS.ProcessEnv = process.env,
  timeoutMs = 10_000,
): Deliverer {
  return async (delivery, lead, site) => {
    const webhook = site && leadSettings(site).webhook;
    if (!webhook) throw new Error('No webhook is configured for this site any more.');
    const secret = env[webhook.secret_env];
    if (!secret)
      throw new Error(`The webhook secret environment variable ${webhook.secret_env} is not set.`);
    const body = JSON.stringify(lead);
    const response = await fetch(webhook.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-lead-signature': signBody(body, secret),
        'x-lead-delivery': delivery.id,
        'x-lead-id': lead.lead_id,
      },
      body,
      signal: AbortSignal.timeout(timeoutMs),
    });
    await response.arrayBuffer().catch(() => undefined);
    if (!response.ok) throw new Error(`Webhook answered HTTP ${response.status}.`);
  };
}

/** E-mail with the readable text and the ADF/XML (as an attachment, the form CRMs import). SMTP_URL picks the server. */
export function emailDeliverer(env: NodeJS.ProcessEnv = process.env): Deliverer {
  const url = apiEnv(env).SMTP_URL;
  const transport = nodemailer.createTransport(url);
  return async (delivery, lead, site) => {
    const email = site && leadSettings(site).email;
    if (!email) throw new Error('No lead e-mail address is configured for this site any more.');
    const adf = leadToAdf(lead);
    await transport.sendMail({
      from: email.from,
      to: email.to,
      replyTo: lead.customer.email || undefined,
      subject: `New ${lead.form.replace(/_/g, ' ')}: ${lead.customer.first_name} ${lead.customer.last_name}${lead.car ? ` - ${[lead.car.year, lead.car.make, lead.car.model].filter(Boolean).join(' ')}` : ''}`,
      text: leadToText(lead),
      attachments: [
        {
          filename: `lead-${lead.lead_id}.adf.xml`,
          content: adf,
          contentType: 'application/xml; charset=utf-8',
        },
      ],
      headers: { 'X-Lead-Id': lead.lead_id, 'X-Lead-Delivery': delivery.id },
      messageId: `<${delivery.id}@dealer-sites.leads>`,
    });
  };
}

/** No destination configured (local development): print the lead so it is seen. */
export const logDeliverer: Deliverer = async (_delivery, lead) => {
  console.log(
    `\n[lead] ${lead.site.slug}: ${lead.form} ${lead.lead_id}\n${leadToText(lead).replace(/^/gm, '  | ')}\n`,
  );
};

/** What an outage alert says: which channel, since when, the last error, how many leads wait. */
export interface OutageNotice {
  tenant: string;
  channel: string;
  failingSince: number;
  lastError: string | null;
  waiting: number;
  now: number;
}

/** Sends an outage alert; resolves to the address told, or undefined when the site has none. */
export type OutageAlerter = (site: SiteData, notice: OutageNotice) => Promise<string | undefined>;

/**
 * E-mails the site's `leads.fallback_email` (else its first lead e-mail address) through SMTP_URL.
 * The leads themselves are not in it: they stay in the outbox and arrive once the channel works.
 */
export function outageAlerter(env: NodeJS.ProcessEnv = process.env): OutageAlerter {
  const transport = nodemailer.createTransport(apiEnv(env).SMTP_URL);
  return async (site, notice) => {
    const settings = leadSettings(site);
    const to = settings.fallback_email ?? settings.email?.to[0];
    if (!to) return undefined;
    const what =
      notice.channel === 'webhook'
        ? 'your CRM webhook'
        : notice.channel === 'email'
          ? 'your lead e-mail address'
          : notice.channel;
    const since = new Date(notice.failingSince).toISOString().replace('T', ' ').slice(0, 16);
    await transport.sendMail({
      from: settings.email?.from ?? 'leads@dealer-sites.example',
      to,
      subject: `Leads from ${site.tenant.name} are not reaching ${what}`,
      text: [
        `Since ${since} UTC, leads from ${site.tenant.name} (${site.tenant.url}) have not reached ${what}.`,
        `Last error: ${notice.lastError ?? 'unknown'}`,
        `Leads waiting: ${notice.waiting}`,
        '',
        'No lead is lost: each is kept and retried (at least hourly, for 7 days), and arrives by itself once the problem is fixed.',
        'Your site operator can list them with `npm run leads -- failed` and send them again with `npm run leads -- resend --all`.',
      ].join('\n'),
      headers: { 'X-Lead-Outage': `${notice.tenant} ${notice.channel}` },
    });
    return to;
  };
}
