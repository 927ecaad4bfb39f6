/**
 * HTML rendered once per key per build (src/components/RenderOnce.astro). The header and footer
 * are a sixth of a vehicle page's bytes and the same on thousands of pages; rendering them anew
 * for each cost about a tenth of a big site's build (CPU time, A/B at 10,000 cars).
 */
const rendered = new Map<string, Promise<string>>();

export function renderOnce(key: string, render: () => Promise<string>): Promise<string> {
  // `astro dev` keeps modules between requests while files change: render every time there.
  if (import.meta.env.DEV) return render();
  let html = rendered.get(key);
  if (!html) rendered.set(key, (html = render()));
  return html;
}
