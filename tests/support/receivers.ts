import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface WebhookHit {
  headers: IncomingHttpHeaders;
  body: string;
}

/** A local HTTP receiver; `respond` decides each answer's status (e.g. 503 while "down"). */
export async function startWebhookReceiver(respond: (hit: WebhookHit) => number = () => 200) {
  const hits: WebhookHit[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const hit = { headers: request.headers, body: Buffer.concat(chunks).toString('utf8') };
      const status = respond(hit);
      if (status < 300) hits.push(hit);
      response.writeHead(status, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/leads`,
    hits,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A real SMTP server on loopback that keeps every message it accepts. */
export async function startSmtpReceiver() {
  const messages: { from: string; to: string[]; raw: string }[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        messages.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The base64 attachment of a MIME message by file-name suffix, decoded. */
export function mimeAttachment(raw: string, suffix: string): string | undefined {
  const parts = raw.split(/\r?\n--[^\r\n]+\r?\n/);
  for (const part of parts) {
    if (!new RegExp(`filename=.*${suffix.replace('.', '\\.')}`).test(part)) continue;
    const [headers, ...rest] = part.split(/\r?\n\r?\n/);
    const content = rest.join('\n\n').replace(/\r?\n--.*--\s*$/s, '');
    return /base64/i.test(headers ?? '')
      ? Buffer.from(content.replace(/\s+/g, ''), 'base64').toString('utf8')
      : content;
  }
  return undefined;
}

/** The text/plain part of a MIME message (or its whole body when it has one part), decoded (quoted-printable or 7bit). */
export function mimeText(raw: string): string {
  const match =
    /Content-Type: text\/plain[^\n]*\r?\n(?:[^\r\n]+\r?\n)*\r?\n([\s\S]*?)\r?\n--/i.exec(raw);
  const body =
    match?.[1] ??
    (/multipart\//i.test(raw)
      ? ''
      : raw
          .split(/\r?\n\r?\n/)
          .slice(1)
          .join('\n\n'));
  return /Content-Transfer-Encoding: quoted-printable/i.test(raw)
    ? body
        .replace(/=\r?\n/g, '')
        .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)))
    : body;
}
