import { apiEnv } from '../env';
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

/** The file the local sender writes codes to when SIGN_IN_CODES_LOG=1 (a developer or a browser test reads them there). */
export const LOCAL_CODE_FILE = path.join(process.cwd(), '.data', 'sign-in-codes.log');

/** 0412345678 -> 04•••••678: enough to tell numbers apart in a log, not enough to be one. */
export const maskPhone = (phone: string) => `${phone.slice(0, 2)}•••••${phone.slice(-3)}`;

/**
 * For `npm start` and the browser tests. A code in a log signs anyone who reads the log in, so by
 * default it logs only that a code went out (to a masked number). With the explicit developer flag
 * SIGN_IN_CODES_LOG=1 it prints the code and appends it to .data/sign-in-codes.log (gitignored).
 * Never runs when NODE_ENV is production, flag or not: there a real SMS sender is required.
 */
export class LocalCodeSender implements CodeSender {
  constructor(
    private readonly file: string | null = LOCAL_CODE_FILE,
    private readonly env: NodeJS.ProcessEnv = process.env,
  ) {}

  async send({ tenant, phone, code, expiresAt }: OutgoingCode): Promise<void> {
    if (apiEnv(this.env).NODE_ENV === 'production')
      throw new Error('No SMS provider is configured for sign-in codes.');
    if (apiEnv(this.env).SIGN_IN_CODES_LOG !== '1') {
      console.log(
        `[sign-in] ${tenant}: code sent to ${maskPhone(phone)} (not shown; start the server with SIGN_IN_CODES_LOG=1 to see codes)`,
      );
      return;
    }
    console.log(
      `[sign-in] ${tenant}: code ${code} for ${phone} (valid until ${new Date(expiresAt).toISOString()})`,
    );
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
