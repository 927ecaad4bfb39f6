const loads = new Map<string, Promise<unknown>>();

/**
 * A JSON file of the site, fetched once per page however many parts ask for it (the locator's
 * place search and its nearest search, the map). A failed fetch is forgotten, so asking again
 * tries again.
 */
export function loadJson<T>(url: string): Promise<T> {
  let load = loads.get(url);
  if (!load) {
    load = fetch(url, { headers: { accept: 'application/json' } }).then((response) => {
      if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
      return response.json() as Promise<unknown>;
    });
    loads.set(url, load);
    load.catch(() => loads.delete(url));
  }
  return load as Promise<T>;
}
