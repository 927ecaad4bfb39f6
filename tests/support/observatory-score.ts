/**
 * The MDN HTTP Observatory's grading (its current tests, modifiers and curve), run on responses we
 * captured ourselves, so a test can pin a grade without the live scanner. Each test follows the
 * Observatory's own rules: the first (worst) finding decides the result, bonuses count only when
 * the score without them is already an A (90+), and A+ is 100 or more.
 *
 * Upstream: @mdn/mdn-http-observatory 1.4.8 (npm, ALGORITHM_VERSION 4). The 59 expectations
 * modelled here have that version's names and modifiers exactly (compared with its
 * src/grader/charts.js). Not modelled, as none can happen on loopback: HSTS and redirect preload
 * lists, invalid certificates, report-only CSP, duplicate CSP directives, unparseable HTML. The
 * package is not used itself: it is a scanner service (fastify, pg-native, Sentry, jsdom) that
 * fetches live https URLs, where the tests grade responses they captured.
 */

/** One scanned URL: the HTTPS answer, the route an http:// request took, and a CORS probe. */
export interface ObservatoryScan {
  /** The HTTPS URL that answered (the page graded). */
  url: string;
  status: number;
  headers: Headers;
  body: string;
  /** URLs the plain-http request went through, first the http:// one; undefined when http isn't served. */
  httpRoute?: string[];
  /** Headers of the same URL requested with an `Origin` header (the Observatory's CORS probe). */
  corsHeaders?: Headers;
  /** The Origin the CORS probe sent. */
  corsOrigin?: string;
  /** Set-Cookie values seen while scanning (the Observatory keeps every cookie the site sets). */
  setCookies?: string[];
}

export interface TestResult {
  test: string;
  result: string;
  modifier: number;
  pass: boolean;
}

export interface ObservatoryResult {
  score: number;
  grade: string;
  tests: TestResult[];
}

const GRADES: [number, string][] = [
  [100, 'A+'],
  [90, 'A'],
  [85, 'A-'],
  [80, 'B+'],
  [70, 'B'],
  [65, 'B-'],
  [60, 'C+'],
  [50, 'C'],
  [45, 'C-'],
  [40, 'D+'],
  [30, 'D'],
  [25, 'D-'],
  [0, 'F'],
];

const MODIFIERS: Record<string, number> = {
  'csp-implemented-with-no-unsafe-default-src-none': 10,
  'csp-implemented-with-no-unsafe': 5,
  'csp-implemented-with-unsafe-inline-in-style-src-only': 0,
  'csp-implemented-with-insecure-scheme-in-passive-content-only': -10,
  'csp-implemented-with-unsafe-eval': -10,
  'csp-implemented-with-unsafe-inline': -20,
  'csp-implemented-with-insecure-scheme': -20,
  'csp-header-invalid': -25,
  'csp-not-implemented': -25,
  'cookies-secure-with-httponly-sessions-and-samesite': 5,
  'cookies-secure-with-httponly-sessions': 0,
  'cookies-not-found': 0,
  'cookies-without-secure-flag-but-protected-by-hsts': -5,
  'cookies-session-without-secure-flag-but-protected-by-hsts': -10,
  'cookies-without-secure-flag': -20,
  'cookies-samesite-flag-invalid': -20,
  'cookies-anticsrf-without-samesite-flag': -20,
  'cookies-session-without-httponly-flag': -30,
  'cookies-session-without-secure-flag': -40,
  'cross-origin-resource-sharing-not-implemented': 0,
  'cross-origin-resource-sharing-implemented-with-public-access': 0,
  'cross-origin-resource-sharing-implemented-with-restricted-access': 0,
  'cross-origin-resource-sharing-implemented-with-universal-access': -50,
  'redirection-to-https': 0,
  'redirection-not-needed-no-http': 0,
  'redirection-off-host-from-http': -5,
  'redirection-not-to-https-on-initial-redirection': -10,
  'redirection-not-to-https': -20,
  'redirection-missing': -20,
  'referrer-policy-private': 5,
  'referrer-policy-not-implemented': 0,
  'referrer-policy-unsafe': -5,
  'referrer-policy-header-invalid': -5,
  'hsts-implemented-max-age-at-least-six-months': 0,
  'hsts-implemented-max-age-less-than-six-months': -10,
  'hsts-not-implemented': -20,
  'hsts-header-invalid': -20,
  'hsts-not-implemented-no-https': -20,
  'sri-implemented-and-all-scripts-loaded-securely': 5,
  'sri-implemented-and-external-scripts-loaded-securely': 5,
  'sri-not-implemented-response-not-html': 0,
  'sri-not-implemented-but-no-scripts-loaded': 0,
  'sri-not-implemented-but-all-scripts-loaded-from-secure-origin': 0,
  'sri-not-implemented-but-external-scripts-loaded-securely': -5,
  'sri-implemented-but-external-scripts-not-loaded-securely': -20,
  'sri-not-implemented-and-external-scripts-not-loaded-securely': -50,
  'x-content-type-options-nosniff': 0,
  'x-content-type-options-not-implemented': -5,
  'x-content-type-options-header-invalid': -5,
  'x-frame-options-implemented-via-csp': 5,
  'x-frame-options-sameorigin-or-deny': 0,
  'x-frame-options-allow-from-origin': 0,
  'x-frame-options-not-implemented': -20,
  'x-frame-options-header-invalid': -20,
  'corp-not-implemented': 0,
  'corp-implemented-with-same-origin': 10,
  'corp-implemented-with-same-site': 10,
  'corp-implemented-with-cross-origin': 0,
  'corp-header-invalid': -5,
};

const MINIMUM_SCORE_FOR_EXTRA_CREDIT = 90;
const SIX_MONTHS = 15_552_000; // the Observatory's own "white lie" for 15,768,000

export function gradeFor(score: number): string {
  return GRADES.find(([minimum]) => score >= minimum)![1];
}

/** Grade one scan the way the Observatory does. */
export function scoreScan(scan: ObservatoryScan): ObservatoryResult {
  const csp = cspTest(scan);
  const hsts = hstsTest(scan);
  const results: [string, string, boolean][] = [
    ['content-security-policy', csp.result, csp.pass],
    cookiesTest(scan, hsts.pass),
    corsTest(scan),
    redirectionTest(scan),
    referrerPolicyTest(scan),
    ['strict-transport-security', hsts.result, hsts.pass],
    sriTest(scan),
    xContentTypeOptionsTest(scan),
    xFrameOptionsTest(scan, csp.directives),
    corpTest(scan),
  ];
  let withExtraCredit = 100;
  let uncurved = 100;
  const tests = results.map(([test, result, pass]) => {
    const modifier = MODIFIERS[result];
    if (modifier === undefined) throw new Error(`No modifier for ${result}`);
    withExtraCredit += modifier;
    if (modifier < 0) uncurved += modifier;
    return { test, result, modifier, pass };
  });
  const score = Math.max(
    0,
    uncurved >= MINIMUM_SCORE_FOR_EXTRA_CREDIT ? withExtraCredit : uncurved,
  );
  return { score, grade: gradeFor(score), tests };
}

function headerValues(headers: Headers, name: string): string[] {
  if (name === 'set-cookie') return headers.getSetCookie();
  const value = headers.get(name);
  return value === null ? [] : [value];
}

/** `<meta http-equiv=NAME content=...>` values in the page (CSP and Referrer-Policy may come that way). */
function httpEquiv(body: string, name: string): string[] {
  const values: string[] = [];
  for (const [tag] of body.matchAll(/<meta\b[^>]*>/gi)) {
    const attr = (key: string) =>
      new RegExp(`\\b${key}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, 'i').exec(tag);
    const equiv = attr('http-equiv');
    const content = attr('content');
    if (equiv && content && (equiv[1] ?? equiv[2] ?? equiv[3])!.toLowerCase() === name)
      values.push(decodeEntities(content[1] ?? content[2] ?? content[3]!));
  }
  return values;
}

function decodeEntities(text: string): string {
  return text
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&#x27;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

type Csp = Map<string, Set<string>>;

/** The Observatory's CSP parser, for one or more policies (a later policy only narrows). */
function parseCsp(policies: string[]): Csp {
  const csp: Csp = new Map();
  for (const [index, policy] of policies.entries()) {
    const clean = policy.replace(/[\r\n]/g, '').trim();
    if (clean.length < 'img-src'.length - 1) throw new Error('policy too short');
    const seen = new Set<string>();
    for (const entry of clean.split(';')) {
      const [rawDirective, ...sources] = entry.trim().split(/\s+/);
      if (!rawDirective) continue;
      const directive = rawDirective.toLowerCase();
      if (seen.has(directive) && directive !== 'report-uri' && directive !== 'report-to')
        throw new Error(`duplicate ${directive}`);
      seen.add(directive);
      const values = sources.map((source) => source.trim().toLowerCase());
      if (!values.length && directive.endsWith('-src')) values.push("'none'");
      const earlier = csp.get(directive);
      // A source must be allowed by every policy to count.
      csp.set(
        directive,
        index === 0 || !earlier
          ? new Set(values)
          : new Set(values.filter((value) => earlier.has(value))),
      );
    }
  }
  for (const [directive, sources] of csp)
    if (!sources.size) csp.set(directive, new Set(["'none'"]));
  return csp;
}

const DANGEROUSLY_BROAD = new Set([
  'ftp:',
  'http:',
  'https:',
  '*',
  'http://*',
  'http://*.*',
  'https://*',
  'https://*.*',
]);
const UNSAFE_INLINE = new Set(["'unsafe-inline'", 'data:']);
const BROAD_OR_UNSAFE = new Set([...DANGEROUSLY_BROAD, ...UNSAFE_INLINE]);
const NONCES_HASHES = ["'sha256-", "'sha384-", "'sha512-", "'nonce-"];
const META_FORBIDDEN = ['frame-ancestors', 'report-uri', 'sandbox'];

function cspTest(scan: ObservatoryScan): { result: string; pass: boolean; directives?: Csp } {
  const split = (values: string[]) =>
    values.flatMap((value) => value.split(',').map((part) => part.trim()));
  const http = split(headerValues(scan.headers, 'content-security-policy'));
  const meta = split(httpEquiv(scan.body, 'content-security-policy'));
  let csp: Csp;
  let headerOnly: Csp;
  try {
    csp = parseCsp([...http, ...meta]);
    headerOnly = parseCsp(http);
  } catch {
    return { result: 'csp-header-invalid', pass: false };
  }
  let metaOnly: Csp;
  try {
    metaOnly = parseCsp(meta);
    for (const directive of META_FORBIDDEN) metaOnly.delete(directive);
  } catch {
    metaOnly = new Map();
  }
  if (headerOnly.size + metaOnly.size === 0) return { result: 'csp-not-implemented', pass: false };
  // frame-ancestors counts only from a header.
  const directives: Csp = new Map(csp);
  if (headerOnly.has('frame-ancestors'))
    directives.set('frame-ancestors', headerOnly.get('frame-ancestors')!);
  else directives.delete('frame-ancestors');

  const fallback = (name: string) => new Set(csp.get(name) ?? csp.get('default-src') ?? ['*']);
  const scriptSrc = fallback('script-src');
  const styleSrc = fallback('style-src');
  const objectSrc = fallback('object-src');
  const hasHash = (sources: Set<string>) =>
    [...sources].some((source) => NONCES_HASHES.some((prefix) => source.startsWith(prefix)));
  // Browsers ignore 'unsafe-inline' next to a hash or nonce, and so does the Observatory.
  for (const sources of [scriptSrc, styleSrc])
    if (hasHash(sources)) sources.delete("'unsafe-inline'");
  let result: string | undefined;
  if (scriptSrc.has("'strict-dynamic'")) {
    if (hasHash(scriptSrc)) {
      for (const source of scriptSrc)
        if (
          [...DANGEROUSLY_BROAD].some((broad) => source.startsWith(broad)) ||
          source === "'self'" ||
          source === "'unsafe-inline'"
        )
          scriptSrc.delete(source);
    } else result = 'csp-header-invalid';
  }
  const passive = new Set(['img-src', 'media-src']);
  const active = [...csp]
    .filter(([directive]) => !passive.has(directive) && directive !== 'script-src')
    .flatMap(([, sources]) => [...sources]);
  active.push(...scriptSrc);
  const passiveSources = [...passive].flatMap((directive) => [
    ...(csp.get(directive) ?? csp.get('default-src') ?? []),
  ]);
  const https = new URL(scan.url).protocol === 'https:';
  const insecure = (source: string) => source.startsWith('http:') || source.startsWith('ftp:');

  if (
    [...scriptSrc].some((source) => BROAD_OR_UNSAFE.has(source)) ||
    [...objectSrc].some((source) => DANGEROUSLY_BROAD.has(source))
  )
    result ??= 'csp-implemented-with-unsafe-inline';
  if (https && active.some(insecure)) result ??= 'csp-implemented-with-insecure-scheme';
  if (scriptSrc.has("'unsafe-eval'") || styleSrc.has("'unsafe-eval'"))
    result ??= 'csp-implemented-with-unsafe-eval';
  if (https && passiveSources.some(insecure))
    result ??= 'csp-implemented-with-insecure-scheme-in-passive-content-only';
  if ([...styleSrc].some((source) => BROAD_OR_UNSAFE.has(source)))
    result ??= 'csp-implemented-with-unsafe-inline-in-style-src-only';
  const defaultSrc = csp.get('default-src');
  if (defaultSrc?.has("'none'") && defaultSrc.size === 1)
    result ??= 'csp-implemented-with-no-unsafe-default-src-none';
  result ??= 'csp-implemented-with-no-unsafe';
  const pass = [
    'csp-implemented-with-no-unsafe',
    'csp-implemented-with-no-unsafe-default-src-none',
    'csp-implemented-with-unsafe-inline-in-style-src-only',
    'csp-implemented-with-insecure-scheme-in-passive-content-only',
  ].includes(result);
  return { result, pass, directives };
}

interface Cookie {
  name: string;
  secure: boolean;
  httpOnly: boolean;
  sameSite?: string;
}

function parseCookie(header: string): Cookie {
  const [pair = '', ...attributes] = header.split(';');
  const cookie: Cookie = { name: pair.split('=')[0]!.trim(), secure: false, httpOnly: false };
  for (const attribute of attributes) {
    const [key = '', value = ''] = attribute.trim().split('=');
    const name = key.trim().toLowerCase();
    if (name === 'secure') cookie.secure = true;
    else if (name === 'httponly') cookie.httpOnly = true;
    else if (name === 'samesite') cookie.sameSite = value.trim();
  }
  return cookie;
}

function worst(current: string | undefined, candidate: string, order: string[]): string {
  return current === undefined || order.indexOf(candidate) > order.indexOf(current)
    ? candidate
    : current;
}

function cookiesTest(scan: ObservatoryScan, hsts: boolean): [string, string, boolean] {
  const order = [
    'cookies-without-secure-flag-but-protected-by-hsts',
    'cookies-without-secure-flag',
    'cookies-session-without-secure-flag-but-protected-by-hsts',
    'cookies-samesite-flag-invalid',
    'cookies-anticsrf-without-samesite-flag',
    'cookies-session-without-httponly-flag',
    'cookies-session-without-secure-flag',
  ];
  const raw = [...(scan.setCookies ?? []), ...headerValues(scan.headers, 'set-cookie')];
  let result: string | undefined;
  for (const header of raw) {
    const sameSite = /;\s*samesite\s*(?:=\s*([^;]*))?/i.exec(header);
    if (sameSite && !['lax', 'strict', 'none'].includes((sameSite[1] ?? '').trim().toLowerCase()))
      result = worst(result, 'cookies-samesite-flag-invalid', order);
  }
  // An expired cookie is a deletion; the Observatory's cookie jar never keeps it.
  const cookies = raw.filter((header) => !/;\s*max-age\s*=\s*0\b/i.test(header)).map(parseCookie);
  if (!cookies.length) return ['cookies', 'cookies-not-found', true];
  let missingSameSite = false;
  for (const cookie of cookies) {
    const key = cookie.name.toLowerCase();
    const session = key.includes('login') || key.includes('sess');
    if (!cookie.secure && cookie.sameSite?.toLowerCase() === 'none')
      result = worst(result, 'cookies-samesite-flag-invalid', order);
    if (!cookie.secure)
      result = worst(
        result,
        hsts ? 'cookies-without-secure-flag-but-protected-by-hsts' : 'cookies-without-secure-flag',
        order,
      );
    if (key.includes('csrf') && !cookie.sameSite)
      result = worst(result, 'cookies-anticsrf-without-samesite-flag', order);
    if (session && !cookie.secure)
      result = worst(
        result,
        hsts
          ? 'cookies-session-without-secure-flag-but-protected-by-hsts'
          : 'cookies-session-without-secure-flag',
        order,
      );
    if (session && !cookie.httpOnly)
      result = worst(result, 'cookies-session-without-httponly-flag', order);
    if (!cookie.sameSite) missingSameSite = true;
  }
  result ??= missingSameSite
    ? 'cookies-secure-with-httponly-sessions'
    : 'cookies-secure-with-httponly-sessions-and-samesite';
  return [
    'cookies',
    result,
    [
      'cookies-secure-with-httponly-sessions',
      'cookies-secure-with-httponly-sessions-and-samesite',
    ].includes(result),
  ];
}

function corsTest(scan: ObservatoryScan): [string, string, boolean] {
  const acao = scan.corsHeaders
    ?.get('access-control-allow-origin')
    ?.slice(0, 256)
    .trim()
    .toLowerCase();
  let result = 'cross-origin-resource-sharing-not-implemented';
  if (acao === '*') result = 'cross-origin-resource-sharing-implemented-with-public-access';
  else if (
    acao &&
    scan.corsOrigin === scan.corsHeaders?.get('access-control-allow-origin') &&
    scan.corsHeaders?.get('access-control-allow-credentials')?.trim().toLowerCase() === 'true'
  )
    result = 'cross-origin-resource-sharing-implemented-with-universal-access';
  else if (acao) result = 'cross-origin-resource-sharing-implemented-with-restricted-access';
  return [
    'cross-origin-resource-sharing',
    result,
    result !== 'cross-origin-resource-sharing-implemented-with-universal-access',
  ];
}

function redirectionTest(scan: ObservatoryScan): [string, string, boolean] {
  const route = scan.httpRoute?.map((url) => new URL(url));
  let result: string;
  if (!route) result = 'redirection-not-needed-no-http';
  else if (route.length === 1) result = 'redirection-missing';
  else if (route.at(-1)!.protocol !== 'https:') result = 'redirection-not-to-https';
  else if (route[1]!.protocol === 'http:')
    result = 'redirection-not-to-https-on-initial-redirection';
  else if (route[0]!.protocol === 'http:' && route[0]!.hostname !== route[1]!.hostname)
    result = 'redirection-off-host-from-http';
  else result = 'redirection-to-https';
  return [
    'redirection',
    result,
    ['redirection-to-https', 'redirection-not-needed-no-http'].includes(result),
  ];
}

function referrerPolicyTest(scan: ObservatoryScan): [string, string, boolean] {
  const good = ['no-referrer', 'same-origin', 'strict-origin', 'strict-origin-when-cross-origin'];
  const bad = ['origin', 'origin-when-cross-origin', 'unsafe-url', 'no-referrer-when-downgrade'];
  const values = [
    ...headerValues(scan.headers, 'referrer-policy'),
    ...httpEquiv(scan.body, 'referrer-policy'),
  ];
  if (!values.length) return ['referrer-policy', 'referrer-policy-not-implemented', true];
  // The last policy the browser knows wins.
  const policy =
    values
      .join(', ')
      .split(',')
      .map((value) => value.trim().toLowerCase())
      .filter((value) => good.includes(value) || bad.includes(value))
      .at(-1) ?? '';
  const result = good.includes(policy)
    ? 'referrer-policy-private'
    : bad.includes(policy)
      ? 'referrer-policy-unsafe'
      : 'referrer-policy-header-invalid';
  return ['referrer-policy', result, result === 'referrer-policy-private'];
}

function hstsTest(scan: ObservatoryScan): { result: string; pass: boolean } {
  if (new URL(scan.url).protocol !== 'https:')
    return { result: 'hsts-not-implemented-no-https', pass: false };
  const header = headerValues(scan.headers, 'strict-transport-security')[0];
  if (header === undefined) return { result: 'hsts-not-implemented', pass: false };
  const value = header.slice(0, 1024);
  const maxAge = value
    .split(';')
    .map((part) => part.trim().toLowerCase())
    .find((part) => part.startsWith('max-age='));
  if (value.includes(',') || maxAge === undefined)
    return { result: 'hsts-header-invalid', pass: false };
  const seconds = Number.parseInt(maxAge.slice(8, 128), 10);
  if (Number.isNaN(seconds)) return { result: 'hsts-header-invalid', pass: false };
  return seconds < SIX_MONTHS
    ? { result: 'hsts-implemented-max-age-less-than-six-months', pass: false }
    : { result: 'hsts-implemented-max-age-at-least-six-months', pass: true };
}

/** example.com.au and www.example.com.au share a registrable domain (enough public suffixes for our sites). */
function registrableDomain(hostname: string): string {
  const labels = hostname.toLowerCase().split('.');
  const twoLevelSuffix =
    labels.length > 2 &&
    /^(com|net|org|edu|gov|asn|id|co)$/.test(labels.at(-2)!) &&
    labels.at(-1)!.length === 2;
  return labels.slice(twoLevelSuffix ? -3 : -2).join('.');
}

function sriTest(scan: ObservatoryScan): [string, string, boolean] {
  const order = [
    'sri-implemented-and-all-scripts-loaded-securely',
    'sri-implemented-and-external-scripts-loaded-securely',
    'sri-implemented-but-external-scripts-not-loaded-securely',
    'sri-not-implemented-but-external-scripts-loaded-securely',
    'sri-not-implemented-and-external-scripts-not-loaded-securely',
    'sri-not-implemented-response-not-html',
  ];
  const passing = [
    'sri-implemented-and-all-scripts-loaded-securely',
    'sri-implemented-and-external-scripts-loaded-securely',
    'sri-not-implemented-response-not-html',
    'sri-not-implemented-but-all-scripts-loaded-from-secure-origin',
    'sri-not-implemented-but-no-scripts-loaded',
  ];
  const mime = (scan.headers.get('content-type') ?? '').split(';')[0]!.trim();
  if (mime && mime !== 'text/html' && mime !== 'application/xhtml+xml')
    return ['subresource-integrity', 'sri-not-implemented-response-not-html', true];
  const page = new URL(scan.url);
  const scripts = [...scan.body.matchAll(/<script\b([^>]*)>/gi)].map(
    ([, attributes]) => attributes!,
  );
  let result: string | undefined;
  let foreign = false;
  for (const attributes of scripts) {
    const src = /\bsrc\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/i.exec(attributes);
    if (!src) continue;
    const url = decodeEntities(src[1] ?? src[2] ?? src[3]!);
    const integrity = /\bintegrity\s*=/i.test(attributes);
    const protocolRelative = /^\/\/[^/]/.test(url);
    const absolute = /^https?:\/\//i.test(url);
    const relative = !protocolRelative && !absolute;
    const sameDomain =
      relative ||
      protocolRelative ||
      registrableDomain(new URL(url).hostname) === registrableDomain(page.hostname);
    const secureScheme =
      (absolute && new URL(url).protocol === 'https:') || (relative && page.protocol === 'https:');
    if (relative || (sameDomain && !protocolRelative)) {
      if (integrity && secureScheme && !result)
        result = 'sri-implemented-and-all-scripts-loaded-securely';
      continue;
    }
    foreign = true;
    if (integrity && !secureScheme)
      result = worst(result, 'sri-implemented-but-external-scripts-not-loaded-securely', order);
    else if (!integrity && secureScheme)
      result = worst(result, 'sri-not-implemented-but-external-scripts-loaded-securely', order);
    else if (!integrity)
      result = worst(result, 'sri-not-implemented-and-external-scripts-not-loaded-securely', order);
  }
  if (!scripts.length) result = 'sri-not-implemented-but-no-scripts-loaded';
  result ??= foreign
    ? 'sri-implemented-and-external-scripts-loaded-securely'
    : 'sri-not-implemented-but-all-scripts-loaded-from-secure-origin';
  return ['subresource-integrity', result, passing.includes(result)];
}

function xContentTypeOptionsTest(scan: ObservatoryScan): [string, string, boolean] {
  const header = scan.headers.get('x-content-type-options');
  const result =
    header === null
      ? 'x-content-type-options-not-implemented'
      : header.slice(0, 256).trim().toLowerCase() === 'nosniff'
        ? 'x-content-type-options-nosniff'
        : 'x-content-type-options-header-invalid';
  return ['x-content-type-options', result, result === 'x-content-type-options-nosniff'];
}

function xFrameOptionsTest(scan: ObservatoryScan, csp: Csp | undefined): [string, string, boolean] {
  const header = scan.headers.get('x-frame-options')?.slice(0, 1024).trim().toLowerCase();
  let result =
    header === undefined
      ? 'x-frame-options-not-implemented'
      : ['deny', 'sameorigin'].includes(header)
        ? 'x-frame-options-sameorigin-or-deny'
        : header.startsWith('allow-from')
          ? 'x-frame-options-allow-from-origin'
          : 'x-frame-options-header-invalid';
  if (csp?.has('frame-ancestors')) result = 'x-frame-options-implemented-via-csp';
  return [
    'x-frame-options',
    result,
    !['x-frame-options-not-implemented', 'x-frame-options-header-invalid'].includes(result),
  ];
}

function corpTest(scan: ObservatoryScan): [string, string, boolean] {
  const value = (
    scan.headers.get('cross-origin-resource-policy') ??
    httpEquiv(scan.body, 'cross-origin-resource-policy').at(-1)
  )
    ?.slice(0, 256)
    .trim()
    .toLowerCase();
  const results: Record<string, string> = {
    'same-site': 'corp-implemented-with-same-site',
    'same-origin': 'corp-implemented-with-same-origin',
    'cross-origin': 'corp-implemented-with-cross-origin',
  };
  const result =
    value === undefined ? 'corp-not-implemented' : (results[value] ?? 'corp-header-invalid');
  return ['cross-origin-resource-policy', result, result !== 'corp-header-invalid'];
}
