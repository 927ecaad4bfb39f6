import type { SearchDocument } from './document';
import { decodeIndex, INDEX_FILE, type IndexFile } from './index-file';
import { createEngine, type Engine, type EngineParams, type EngineResult } from './engine';

/**
 * The search seam (DESIGN contract 5): one InstantSearch search client, `search(requests) =>
 * Promise<{ results }>`, with two implementations (embedded here, Meilisearch in
 * ./meilisearch.ts). Islands only ever see this interface.
 */

export interface SearchRequest {
  indexName: string;
  params?: EngineParams & Record<string, unknown>;
}

export interface SearchClient {
  search(requests: readonly SearchRequest[]): Promise<{ results: EngineResult[] }>;
}

export { INDEX_FILE };

export interface EmbeddedClientOptions {
  soldDays: number;
  /** Loads the documents; the default fetches INDEX_FILE once, on the first search. */
  load?: () => Promise<SearchDocument[]>;
  now?: () => number;
}

async function fetchDocuments(): Promise<SearchDocument[]> {
  const response = await fetch(INDEX_FILE);
  if (!response.ok) throw new Error(`Search index ${INDEX_FILE} answered ${response.status}`);
  return decodeIndex((await response.json()) as IndexFile);
}

/**
 * One step per macrotask: the first search answers first (it continues in a microtask), and no
 * step holds the main thread long enough to block typing.
 */
function runStepsInTasks(steps: Array<() => void>): void {
  const next = () => {
    const step = steps.shift();
    if (!step) return;
    step();
    setTimeout(next, 0);
  };
  setTimeout(next, 0);
}

const nextTask = <T>(value: T) => new Promise<T>((resolve) => setTimeout(() => resolve(value), 0));

/**
 * SPEC 8 retry after a failed load: 2 s, then doubling up to 30 s (5 tries in the first 30 s of an
 * outage, then 2 a minute), so an outage never turns each open tab into a request loop.
 */
export function retryDelayMs(failures: number): number {
  return Math.min(30_000, 2_000 * 2 ** Math.max(0, failures - 1));
}

/** The default engine: loads the tenant's documents lazily and answers every request locally. */
export function createEmbeddedClient(
  options: EmbeddedClientOptions,
): SearchClient & { ready(quiet?: boolean): Promise<Engine>; loaded(): boolean } {
  const now = options.now ?? Date.now;
  let engine: Promise<Engine> | undefined;
  let failures = 0;
  let retryAt = 0;
  let lastError: unknown;
  let loaded = false;
  /** quiet: a load ahead of need; its failure does not start the back-off (the app's searches count theirs). */
  const ready = (quiet = false) => {
    // While backing off, searches fail at once without asking the server again. The window is a
    // little shorter than the page's own retry timer, so that timer's search is the one that loads.
    if (!engine && failures > 0 && now() < retryAt) return Promise.reject(lastError);
    if (!engine) {
      // The engine is made in a task after the documents' (the page prepares it at idle).
      const loading = (options.load ?? fetchDocuments)()
        .then(nextTask)
        .then((docs) => {
          const created = createEngine(docs, { soldDays: options.soldDays, now: options.now });
          runStepsInTasks(created.warmUpSteps());
          return created;
        });
      engine = loading;
      loading.then(
        () => {
          failures = 0;
          loaded = true;
        },
        (error: unknown) => {
          engine = undefined;
          if (quiet) return;
          failures += 1;
          lastError = error;
          retryAt = now() + retryDelayMs(failures) * 0.9;
        },
      );
    }
    return engine;
  };
  return {
    ready,
    loaded: () => loaded,
    async search(requests) {
      const loaded = await ready();
      return {
        results: requests.map((request) => loaded.search(request.indexName, request.params ?? {})),
      };
    },
  };
}

/**
 * SPEC 7: results cached by request, the oldest evicted when full. Only successful answers are
 * kept, so a failure is retried.
 */
export function withCache(client: SearchClient, size = 50): SearchClient & { clear(): void } {
  const cache = new Map<string, Promise<{ results: EngineResult[] }>>();
  return {
    clear: () => cache.clear(),
    search(requests) {
      const key = JSON.stringify(requests);
      const hit = cache.get(key);
      if (hit) return hit;
      const answer = client.search(requests);
      cache.set(key, answer);
      answer.catch(() => cache.delete(key));
      while (cache.size > size) cache.delete(cache.keys().next().value!);
      return answer;
    },
  };
}
