/**
 * Spellings of one photo URL `http://127.0.0.1:<port>/photos/car.jpg?size=large` that a browser
 * treats as the same URL: other IPv4 forms, scheme case, dot segments, percent-encoded unreserved
 * characters and fragments. Each call gives `count` distinct strings (at most 1,134).
 */
export function sameUrlSpellings(port: number, count: number): string[] {
  const hosts = ['127.0.0.1', '0x7f.0.0.1', '2130706433', '127.1', '0177.0.0.1', '127.0.1'];
  const schemes = ['http', 'HTTP', 'hTTp'];
  const paths = [
    '/photos/car.jpg',
    '/photos/./car.jpg',
    '/x/../photos/car.jpg',
    '/%70hotos/car.jpg',
    '/photos/c%61r.jpg',
    '/photos/car%2Ejpg',
    '/photos/%2e/car.jpg',
  ];
  const queries = ['?size=large', '?%73ize=large', '?size=l%61rge'];
  const fragments = ['', '#x', '#gallery-2'];
  const all: string[] = [];
  for (const fragment of fragments)
    for (const query of queries)
      for (const pathname of paths)
        for (const scheme of schemes)
          for (const host of hosts)
            all.push(`${scheme}://${host}:${port}${pathname}${query}${fragment}`);
  // Spread over the whole list, so even a few spellings vary every part.
  return Array.from(
    { length: Math.min(count, all.length) },
    (_, index) => all[Math.floor((index * all.length) / Math.min(count, all.length))]!,
  );
}
