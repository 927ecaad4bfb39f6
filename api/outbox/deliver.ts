import { createHmac } from 'node:crypto';
import { leadSettings } from '../leads/settings';
import nodemailer from 'nodemailer';
import type { SiteData } from '../../src/site/types';
import type { Delivery } from '../storage/store';
import { leadToAdf, leadToText } from './adf';
import type { LeadPayload } from './payload';

/** Sends one delivery; resolves when the receiver acknowledged it, throws otherwise. */
export type Deliverer = (delivery: Delivery, lead: LeadPayload, site: SiteData | undefined) => Promise<void>;

/** HMAC-SHA256 of the exact body, hex: the receiver recomputes it with the shared secret. */
export function signBody(body: string, secret: string): string {
  return `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
}

/**
 * POST the lead as JSON. X-Lead-Delivery is the same on every retry of one delivery, so a receiver
 * that got it but whose answer was lost can drop the repeat.
 */
export function webhookDeliverer(env: NodeJS.ProcessEnv = process.env, timeoutMs = 10_000): Deliverer {
  return async (delivery, lead, site) => {
    const webhook = site && leadSettings(site).webhook;
    if (!webhook) throw new Error('No webhook is configured for this site any more.');
    const secret = env[webhook.secret_env];
    if (!secret) throw new Error(`The webhook secret environment variable ${webhook.secret_env} is not set.`);
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
  const url = env.SMTP_URL ?? 'smtp://127.0.0.1:25';
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
      attachments: [{ filename: `lead-${lead.lead_id}.adf.xml`, content: adf, contentType: 'application/xml; charset=utf-8' }],
      headers: { 'X-Lead-Id': lead.lead_id, 'X-Lead-Delivery': delivery.id },
      messageId: `<${delivery.id}@dealer-sites.leads>`,
    });
  };
}

/** No destination configured (local development): print the lead so it is seen. */
export const logDeliverer: Deliverer = async (_delivery, lead) => {
  console.log(`\n[lead] ${lead.site.slug}: ${lead.form} ${lead.lead_id}\n${leadToText(lead).replace(/^/gm, '  | ')}\n`);
};
