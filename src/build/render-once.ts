import { siteDataGeneration } from '../site/data-generation';

/**
 * HTML rendered once per key per build (src/components/RenderOnce.astro). The header and footer
 * are a sixth of a vehicle page's bytes and the same on thousands of pages; rendering them anew
 * for each cost about a tenth of a big site's build (CPU time, A/B at 10,000 cars).
 *
 * A key names what is rendered and every value the content depends on besides the site; callers
 * give the content those values and nothing else of the page (RenderOnce.astro), so what is cached
 * cannot silently depend on the page that rendered it first.
 */
export interface RenderOnceKey {
  /** What is rendered: "header", "footer". */
  name: string;
  /** The values the content depends on besides the site (e.g. the header's current links). */
  values: readonly string[];
}

/** What was rendered, for the site data of `generation` (the header of new data is new). */
let rendered = new Map<string, Promise<string>>();
let renderedGeneration = 0;

export const describeKey = (key: RenderOnceKey) =>
  key.values.length ? `${key.name} [${key.values.join(', ')}]` : key.name;

/**
 * An island's hydration script and ids belong to the page that rendered it: cached and shown on
 * other pages, it would hydrate with the first page's props or clash with their ids.
 */
function refuseIslands(key: RenderOnceKey, html: string): string {
  if (html.includes('<astro-island')) {
    throw new Error(
      `RenderOnce "${describeKey(key)}": the content holds an island (<astro-island>), which belongs to one page and cannot be cached; render it outside RenderOnce`,
    );
  }
  return html;
}

export function renderOnce<Key extends RenderOnceKey>(
  key: Key,
  render: (key: Key) => Promise<string>,
  cache = !import.meta.env.DEV,
): Promise<string> {
  // `astro dev` keeps modules between requests while files change: render every time there.
  if (!cache) return render(key).then((html) => refuseIslands(key, html));
  if (siteDataGeneration() !== renderedGeneration) {
    rendered = new Map();
    renderedGeneration = siteDataGeneration();
  }
  // \u0000 cannot occur in a name or link, so two keys never join to the same string.
  const id = [key.name, ...key.values].join('\u0000');
  let html = rendered.get(id);
  if (!html) {
    html = render(key).then((result) => refuseIslands(key, result));
    rendered.set(id, html);
  }
  return html;
}
