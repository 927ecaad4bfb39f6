import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http, { type IncomingHttpHeaders, type IncomingMessage } from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';
import { isInternalAddress } from './private-address';

/**
 * A GET from a host we don't control (a dealer's feed server, a photo host), built so that the host
 * can't hurt the process: the body is streamed against a byte cap, before and after decompression,
 * with an idle and a total timeout, and redirects are followed only to public http(s) addresses.
 */
export interface FetchLimits {
  /** Most bytes accepted, as sent and again once decompressed (a gzip bomb is cut off at this size). */
  maxBytes: number;
  /** No byte for this long ends the fetch (a host that stalls). */
  idleTimeoutMs: number;
  /** The whole fetch, redirects included, ends after this long (a host that drips). */
  totalTimeoutMs: number;
  maxRedirects?: number;
}

export interface GuardedFetchOptions extends FetchLimits {
  headers?: Record<string, string>;
  /**
   * Hosts the caller itself names (a tenant's own feed hosts): these may resolve to internal
   * addresses, as a dealer's feed on its own network may. The first URL's host always counts.
   */
  trustedHosts?: readonly string[];
}

export interface GuardedResponse {
  status: number;
  statusText: string;
  headers: IncomingHttpHeaders;
  /** The body of a 2xx answer; empty for anything else (never read). */
  body: Uint8Array;
  /** The URL that answered, after redirects. */
  url: string;
}

/** The fetch failed or was refused; the message says why in a few words, for a log line. */
export class FetchProblem extends Error {
  override name = 'FetchProblem';
}

const DEFAULT_MAX_REDIRECTS = 5;
const REDIRECTS = new Set([301, 302, 303, 307, 308]);

const megabytes = (bytes: number) => `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB`;
const seconds = (ms: number) => `${Math.round(ms / 100) / 10} s`;
const hostKey = (url: URL) => url.hostname.toLowerCase().replace(/^\[|\]$/g, '');

export async function guardedFetch(
  url: string,
  options: GuardedFetchOptions,
): Promise<GuardedResponse> {
  let current: URL;
  try {
    current = new URL(url);
  } catch {
    throw new FetchProblem('not a valid URL');
  }
  if (!/^https?:$/.test(current.protocol))
    throw new FetchProblem(`only http(s) URLs are fetched, not ${current.protocol}`);
  const trusted = new Set([
    hostKey(current),
    ...(options.trustedHosts ?? []).map((host) => host.toLowerCase().replace(/^\[|\]$/g, '')),
  ]);
  const deadline = Date.now() + options.totalTimeoutMs;
  const maxRedirects = options.maxRedirects ?? DEFAULT_MAX_REDIRECTS;
  for (let hop = 0; ; hop++) {
    const answer = await requestOnce(current, options, trusted.has(hostKey(current)), deadline);
    if (!REDIRECTS.has(answer.status) || answer.headers.location === undefined)
      return { ...answer, url: current.href };
    if (hop >= maxRedirects) throw new FetchProblem(`more than ${maxRedirects} redirects`);
    let next: URL;
    try {
      next = new URL(answer.headers.location, current);
    } catch {
      throw new FetchProblem('redirected to an invalid URL');
    }
    if (!/^https?:$/.test(next.protocol))
      throw new FetchProblem(`redirect to a ${next.protocol} URL refused`);
    if (current.protocol === 'https:' && next.protocol === 'http:')
      throw new FetchProblem(`redirect from https to http refused (${next.origin})`);
    current = next;
  }
}

/** A DNS lookup that refuses names resolving to internal addresses: checked on the addresses connected to, so a rebinding name gains nothing. */
const publicOnlyLookup: LookupFunction = (hostname, lookupOptions, callback) => {
  dnsLookup(hostname, { ...lookupOptions, all: true }, (error, addresses: LookupAddress[]) => {
    if (error) return callback(error, '', 0);
    const internal = addresses.find((entry) => isInternalAddress(entry.address));
    if (internal)
      return callback(
        new FetchProblem(
          `refused: ${hostname} resolves to an internal address (${internal.address})`,
        ),
        '',
        0,
      );
    if (lookupOptions.all) return callback(null, addresses);
    callback(null, addresses[0]!.address, addresses[0]!.family);
  });
};

function decoderFor(encoding: string | undefined): Transform | undefined {
  switch ((encoding ?? 'identity').trim().toLowerCase()) {
    case 'identity':
    case '':
      return undefined;
    case 'gzip':
    case 'x-gzip':
      return zlib.createGunzip();
    case 'deflate':
      return zlib.createInflate();
    case 'br':
      return zlib.createBrotliDecompress();
    default:
      throw new FetchProblem(`unsupported Content-Encoding "${encoding}"`);
  }
}

function requestOnce(
  url: URL,
  options: GuardedFetchOptions,
  trusted: boolean,
  deadline: number,
): Promise<Omit<GuardedResponse, 'url'>> {
  if (!trusted && isIP(hostKey(url)) && isInternalAddress(hostKey(url)))
    return Promise.reject(new FetchProblem(`refused: ${url.origin} is an internal address`));
  const remaining = deadline - Date.now();
  if (remaining <= 0)
    return Promise.reject(
      new FetchProblem(`no complete answer within ${seconds(options.totalTimeoutMs)}`),
    );
  return new Promise((resolve, reject) => {
    let problem: FetchProblem | undefined;
    let settled = false;
    const finish = (error: unknown, value?: Omit<GuardedResponse, 'url'>) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      if (error || !value) {
        request.destroy();
        const reason =
          problem ??
          (error instanceof FetchProblem
            ? error
            : new FetchProblem(`could not fetch: ${(error as Error).message}`));
        reject(reason);
      } else resolve(value);
    };
    // The first problem seen is the one reported: a destroyed socket's own errors come after it.
    const fail = (reason: FetchProblem) => {
      problem ??= reason;
      request.destroy(reason);
      finish(reason);
    };
    const client = url.protocol === 'https:' ? https : http;
    const request = client.request(
      url,
      {
        method: 'GET',
        headers: {
          'accept-encoding': 'gzip, deflate, br',
          'user-agent': 'dealer-sites-feed-reader',
          ...options.headers,
        },
        agent: false,
        ...(trusted ? {} : { lookup: publicOnlyLookup }),
      },
      (response) => {
        readAnswer(response, options, fail).then(
          (value) => finish(undefined, value),
          (error: unknown) => finish(error),
        );
      },
    );
    const timer = setTimeout(
      () => fail(new FetchProblem(`no complete answer within ${seconds(options.totalTimeoutMs)}`)),
      remaining,
    );
    request.setTimeout(options.idleTimeoutMs, () =>
      fail(new FetchProblem(`no data for ${seconds(options.idleTimeoutMs)}`)),
    );
    request.on('error', (error) => finish(error));
    request.end();
  });
}

async function readAnswer(
  response: IncomingMessage,
  options: GuardedFetchOptions,
  fail: (reason: FetchProblem) => void,
): Promise<Omit<GuardedResponse, 'url'>> {
  const status = response.statusCode ?? 0;
  const head = { status, statusText: response.statusMessage ?? '', headers: response.headers };
  if (status < 200 || status > 299) {
    response.destroy();
    return { ...head, body: new Uint8Array() };
  }
  const declared = Number(response.headers['content-length']);
  if (Number.isFinite(declared) && declared > options.maxBytes) {
    fail(
      new FetchProblem(
        `larger than ${megabytes(options.maxBytes)} (Content-Length ${megabytes(declared)})`,
      ),
    );
    return { ...head, body: new Uint8Array() };
  }
  let sent = 0;
  const countSent = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      sent += chunk.length;
      if (sent <= options.maxBytes) return done(null, chunk);
      const problem = new FetchProblem(`larger than ${megabytes(options.maxBytes)}`);
      fail(problem);
      done(problem);
    },
  });
  const decoder = decoderFor(response.headers['content-encoding']);
  const chunks: Buffer[] = [];
  let decoded = 0;
  const collect = async (source: AsyncIterable<Buffer>) => {
    for await (const chunk of source) {
      decoded += chunk.length;
      if (decoded > options.maxBytes) {
        const problem = new FetchProblem(
          `larger than ${megabytes(options.maxBytes)} once decompressed`,
        );
        fail(problem);
        throw problem;
      }
      chunks.push(chunk);
    }
  };
  try {
    await (decoder
      ? pipeline(response, countSent, decoder, collect)
      : pipeline(response, countSent, collect));
  } catch (error) {
    if (error instanceof FetchProblem) throw error;
    const code = (error as NodeJS.ErrnoException).code ?? '';
    if (code.startsWith('Z_') || code.startsWith('ERR_BROTLI'))
      throw new FetchProblem(`could not decompress the body (${(error as Error).message})`);
    throw error;
  }
  return { ...head, body: Buffer.concat(chunks, decoded) };
}
