/** Browser side of the model range body filter (SPEC 4). */

/** The selected body from the URL: `?body=` in any case when it is one of the buttons, else `fallback` (the tenant's start). */
export function readBody(values: string[], search: string, fallback: string): string {
  const wanted = new URLSearchParams(search).get('body')?.toLowerCase();
  return wanted && values.includes(wanted) ? wanted : fallback;
}

/** Show the items of a body (each lists its bodies in data-bodies, "|"-separated); returns how many show. */
export function modelsShown(items: HTMLElement[], body: string): number {
  let shown = 0;
  for (const item of items) {
    const match = body === 'all' || (item.dataset.bodies ?? '').split('|').includes(body);
    item.hidden = !match;
    if (match) shown++;
  }
  return shown;
}

/** Write ?body={body} in lower case without reloading the page. */
export function writeBody(body: string): void {
  const url = new URL(window.location.href);
  url.searchParams.set('body', body.toLowerCase());
  window.history.pushState({ body }, '', url);
}
