const HEX_PAIR = /^[0-9a-f]{2}$/i;
/** Output ending in a stray "%" (and maybe one hex digit): a decoded hex digit after it would make a new escape. */
const OPEN_ESCAPE = /%[0-9a-f]?$/i;
const HEX = /^[0-9a-f]$/i;
/**
 * A URL already in the one spelling (what feeds nearly always hold), told without parsing it:
 * a lower-case host name ending in a letter (no IPv4 forms, no punycode), no port, a path without
 * dot segments, and no character that parsing would encode, no escape, no fragment.
 */
const PLAIN =
  /^https?:\/\/(?![^/]*xn--)[a-z0-9-]+(?:\.[a-z0-9-]+)*\.[a-z][a-z0-9-]*(?:\/(?!\.\.?(?:\/|\?|$))[A-Za-z0-9\-._~!$&'()*+,;=:@]*)+(?:\?[A-Za-z0-9\-._~!$&()*+,;=:@/?]*)?$/;
/** RFC 3986 unreserved characters: percent-encoding one changes nothing, so it is decoded. */
const UNRESERVED = /^[A-Za-z0-9\-._~]$/;

function decodeUnreserved(part: string): string {
  let out = '';
  for (let i = 0; i < part.length;) {
    const hex = part.slice(i + 1, i + 3);
    if (part[i] !== '%' || !HEX_PAIR.test(hex)) {
      out += part[i];
      i += 1;
      continue;
    }
    const char = String.fromCharCode(parseInt(hex, 16));
    out +=
      UNRESERVED.test(char) && !(HEX.test(char) && OPEN_ESCAPE.test(out))
        ? char
        : `%${hex.toUpperCase()}`;
    i += 3;
  }
  return out;
}

/**
 * One spelling per photo URL, so that spellings of the same photo share a cache entry and an
 * allow-list entry: WHATWG URL parsing (scheme and host in lower case, IPv4 forms like `127.1`,
 * default port dropped, dot segments resolved), no fragment, percent-encoded unreserved characters
 * decoded and other escapes in upper case. The query string is kept: it may be part of the photo's
 * address. Undefined for anything but an absolute http(s) URL.
 */
export function normalisePhotoUrl(value: string): string | undefined {
  if (PLAIN.test(value)) return value;
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    return undefined;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
  if (url.hash) url.hash = '';
  // Set through the URL again: a decoded "%2e" can make a dot segment, which the setter resolves.
  // Skipped without escapes (most URLs): 400,000 listed photos are normalised per publish.
  if (url.pathname.includes('%')) url.pathname = decodeUnreserved(url.pathname);
  if (url.search.includes('%')) url.search = decodeUnreserved(url.search);
  return url.href;
}
