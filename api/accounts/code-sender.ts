import { appendFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';

/** A one-time code on its way to a phone. */
export interface OutgoingCode {
  tenant: string;
  /** Australian mobile, normalised (04xxxxxxxx). */
  phone: string;
  code: string;
  expiresAt: number;
}

/**
 * Sends sign-in codes. Production plugs in an SMS provider (one `send` that posts the text to the
 * provider's API and throws when it refuses); the local server uses `LocalCodeSender`.
 */
export interface CodeSender {
  send(message: OutgoingCode): Promise<void>;
}

/** The file the local sender also writes to, so a developer (or a browser test) can read the code. */
export const LOCAL_CODE_FILE = path.join(process.cwd(), '.data', 'sign-in-codes.log');

/**
 * For `npm start` and the browser tests: prints the code in the server log and appends it to
 * .data/sign-in-codes.log (gitignored). Never used when NODE_ENV is production: there is no way to
 * read a code back from the API itself.
 */
export class LocalCodeSender implements CodeSender {
  constructor(private readonly file: string | null = LOCAL_CODE_FILE) {}

  async send({ tenant, phone, code, expiresAt }: OutgoingCode): Promise<void> {
    if (process.env.NODE_ENV === 'production') throw new Error('No SMS provider is configured for sign-in codes.');
    console.log(`[sign-in] ${tenant}: code ${code} for ${phone} (valid until ${new Date(expiresAt).toISOString()})`);
    if (this.file) {
      mkdirSync(path.dirname(this.file), { recursive: true });
      appendFileSync(this.file, `${JSON.stringify({ tenant, phone, code, expiresAt })}\n`);
    }
  }
}

/** Keeps what it would have sent: for API tests. */
export class MemoryCodeSender implements CodeSender {
  readonly sent: OutgoingCode[] = [];
  async send(message: OutgoingCode): Promise<void> {
    this.sent.push(message);
  }
  /** The newest code sent to `phone`. */
  last(phone: string): string | undefined {
    return this.sent.filter((message) => message.phone === phone).at(-1)?.code;
  }
}
