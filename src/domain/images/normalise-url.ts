const ESCAPE = /%([0-9a-f]{2})/gi;
/** RFC 3986 unreserved characters: percent-encoding one changes nothing, so it is decoded. */
const UNRESERVED = /^[A-Za-z0-9\-._~]$/;

function decodeUnreserved(part: string): string {
  return part.replace(ESCAPE, (escape, hex: string) => {
    const char = String.fromCharCode(parseInt(hex, 16));
    return UNRESERVED.test(char) ? char : escape.toUpperCase();
  });
}

/**
 * One spelling per photo URL, so that spellings of the same photo share a cache entry and an
 * allow-list entry: WHATWG URL parsing (scheme and host in lower case, IPv4 forms like `127.1`,
 * default port dropped, dot segments resolved), no fragment, percent-encoded unreserved characters
 * decoded and other escapes in upper case. The query string is kept: it may be part of the photo's
 * address. Undefined for anything but an absolute http(s) URL.
 */
export function normalisePhotoUrl(value: string): string | undefined {
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    return undefined;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
  url.hash = '';
  // Set through the URL again: a decoded "%2e" can make a dot segment, which the setter resolves.
  url.pathname = decodeUnreserved(url.pathname);
  url.search = decodeUnreserved(url.search);
  return url.href;
}
