import { BlockList, isIP } from 'node:net';
import { FetchProblem, guardedFetch } from '../../src/net/guarded-fetch';
import { OriginalProblem } from './original-problem';

/** Originals larger than this are refused unread (a car photo is rarely over 5 MB). */
export const MAX_ORIGINAL_BYTES = 15 * 1024 * 1024;
const MAX_REDIRECTS = 3;

/** What a remote original's host said about the version fetched: sent back to ask "changed since?". */
export interface Validators {
  etag?: string;
  lastModified?: string;
}

export type RemoteAnswer =
  { changed: false } | { changed: true; body: Buffer; validators: Validators };

/** Where cloud metadata services answer (169.254.169.254, fd00:ec2::254, 100.100.100.200): refused even when listed. */
const METADATA = new BlockList();
METADATA.addSubnet('0.0.0.0', 8, 'ipv4');
METADATA.addSubnet('169.254.0.0', 16, 'ipv4');
METADATA.addAddress('100.100.100.200', 'ipv4');
METADATA.addSubnet('fe80::', 10, 'ipv6');
METADATA.addAddress('fd00:ec2::254', 'ipv6');
METADATA.addAddress('::', 'ipv6');

const TOO_BIG = `The original image is larger than ${MAX_ORIGINAL_BYTES / 1024 / 1024} MB.`;
const header = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

/**
 * Reads a photo URL the site lists, or with `known` asks whether it changed (a 304 answers no).
 * The listed host may be on an internal network (the site names it) but never on a link-local
 * address, where cloud metadata services answer; a redirect may only lead to a public address,
 * checked on the address connected to (src/net/guarded-fetch.ts).
 */
export async function fetchRemoteOriginal(
  url: string,
  timeoutMs: number,
  known?: Validators,
): Promise<RemoteAnswer> {
  const host = new URL(url).hostname.replace(/^\[|\]$/g, '');
  const family = isIP(host);
  if (family && METADATA.check(host, family === 4 ? 'ipv4' : 'ipv6'))
    throw new OriginalProblem(403, 'The original is on a link-local or reserved address.');
  const conditional = {
    ...(known?.etag ? { 'if-none-match': known.etag } : {}),
    ...(known?.lastModified ? { 'if-modified-since': known.lastModified } : {}),
  };
  let answer;
  try {
    answer = await guardedFetch(url, {
      maxBytes: MAX_ORIGINAL_BYTES,
      idleTimeoutMs: timeoutMs,
      totalTimeoutMs: timeoutMs,
      maxRedirects: MAX_REDIRECTS,
      headers: { accept: 'image/*', 'user-agent': 'dealer-sites-image-resizer', ...conditional },
    });
  } catch (error) {
    if (!(error instanceof FetchProblem)) throw error;
    if (/^larger than/.test(error.message)) throw new OriginalProblem(413, TOO_BIG);
    if (/^no (complete answer within|data for)/.test(error.message))
      throw new OriginalProblem(
        422,
        `The original image did not arrive within ${timeoutMs / 1000} s.`,
      );
    throw new OriginalProblem(422, `The original image could not be fetched: ${error.message}.`);
  }
  if (answer.status === 304 && known) return { changed: false };
  if (answer.status === 404 || answer.status === 410)
    throw new OriginalProblem(404, 'The original image was not found.');
  if (answer.status >= 300 && answer.status < 400)
    throw new OriginalProblem(422, 'The original image redirects too many times.');
  if (answer.status < 200 || answer.status > 299)
    throw new OriginalProblem(
      422,
      `The original image could not be read (its host answered ${answer.status}).`,
    );
  if (!/^image\//i.test(header(answer.headers['content-type']) ?? ''))
    throw new OriginalProblem(415, 'The original is not an image.');
  const etag = header(answer.headers.etag);
  const lastModified = header(answer.headers['last-modified']);
  return {
    changed: true,
    body: Buffer.from(answer.body.buffer, answer.body.byteOffset, answer.body.byteLength),
    validators: { etag, lastModified },
  };
}
