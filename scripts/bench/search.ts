/**
 * npm run bench:search [-- 2000 5000 10000]
 *
 * The embedded search engine at 2,000, 5,000 and 10,000 generated cars: index file size (raw and
 * gzip), time to load and prepare it, and latency p50 / p95 / max over 600 mixed InstantSearch
 * batches (text or none, 0-4 facet filters, with and without a price range, facets with counts on
 * 8 fields, a sort, a page of 21), in Node and in headless Chromium, measured as the search page
 * runs them: a cold first answer, then the warm-up steps (one per task), then the typing; plus
 * long tasks while loading and while typing.
 * Also prints the JavaScript a built search page downloads (gzip).
 */
import { readFileSync, readdirSync, existsSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { chromium } from '@playwright/test';
import type { SearchDocument } from '../../src/search/document';
import { createEngine, type EngineParams } from '../../src/search/engine';
import { decodeIndex, encodeIndex, type IndexFile } from '../../src/search/index-file';
import { siteDocuments } from '../../src/search/site-index';
import type { SiteData } from '../../src/site/types';
import { ROOT, BUILD_CACHE, DIST } from '../../platform/paths';

const SIZES = process.argv
  .slice(2)
  .map(Number)
  .filter((n) => n > 0);
const sizes = SIZES.length ? SIZES : [2000, 5000, 10000];
const QUERIES = 600;
const FACETS = [
  'car_type',
  'make',
  'model',
  'body',
  'fuel',
  'transmission',
  'location_name',
  'price',
];
const SORTS = [
  'Car_production',
  'Car_production:price:asc',
  'Car_production:price:desc',
  'Car_production:km:asc',
];
const WORDS = [
  '',
  '',
  '',
  'toyota',
  'hilux',
  'auto',
  'suv',
  'white',
  'diesel',
  'sr5',
  'ranger',
  'kia',
  'cor',
  'hybrid',
];

/** Deterministic random numbers (mulberry32), so every run measures the same work. */
function random(seed: number) {
  return () => {
    seed |= 0;
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function sourceDocuments(): SearchDocument[] {
  const candidates = ['southern-cross-motor-group', 'bayside-toyota', 'aurora-motors'];
  for (const slug of candidates) {
    const file = path.join(BUILD_CACHE, slug, 'site.json');
    if (existsSync(file)) return siteDocuments(JSON.parse(readFileSync(file, 'utf8')) as SiteData);
  }
  throw new Error(
    'No built site data in .build/: run `npm run build -- southern-cross-motor-group` first.',
  );
}

/** n cars made from real demo documents with new ids and varied price, km and rank. */
function generate(source: SearchDocument[], n: number): SearchDocument[] {
  const rand = random(n);
  return Array.from({ length: n }, (_, index) => {
    const base = source[index % source.length]!;
    const id = String(900000 + index);
    const doc: SearchDocument = {
      ...base,
      objectID: id,
      slug: `${base.slug.replace(/-\d+$/, '')}-${id}`,
      custom_rank: Math.floor(rand() * 1000),
    };
    if (typeof base.price === 'number')
      doc.price = Math.round((base.price * (0.85 + rand() * 0.3)) / 10) * 10;
    if (typeof base.km === 'number') doc.km = Math.round(base.km * (0.8 + rand() * 0.4));
    return doc;
  });
}

/** Mixed InstantSearch batches: the main request plus one hitsPerPage-0 request per refined facet. */
function workload(
  docs: SearchDocument[],
  count: number,
): Array<Array<{ indexName: string; params: EngineParams }>> {
  const rand = random(7);
  const pick = <T>(list: T[]) => list[Math.floor(rand() * list.length)]!;
  const batches = [];
  for (let i = 0; i < count; i++) {
    const filterCount = Math.floor(rand() * 5);
    const refined = new Map<string, string[]>();
    for (let f = 0; f < filterCount; f++) {
      const field = pick(['car_type', 'make', 'body', 'fuel', 'transmission']);
      const value = (docs[Math.floor(rand() * docs.length)] as unknown as Record<string, unknown>)[
        field
      ];
      const text = Array.isArray(value)
        ? String(value[0])
        : value == null
          ? undefined
          : String(value);
      if (text) refined.set(field, [...(refined.get(field) ?? []), text]);
    }
    const numericFilters =
      rand() < 0.5 ? ['price>=15000', `price<=${20000 + Math.floor(rand() * 60) * 1000}`] : [];
    const query = pick(WORDS);
    const facetFilters = (except?: string) =>
      [...refined]
        .filter(([field]) => field !== except)
        .map(([field, values]) => values.map((value) => `${field}:${value}`));
    const main = {
      indexName: pick(SORTS),
      params: {
        query,
        facets: FACETS,
        facetFilters: facetFilters(),
        numericFilters,
        hitsPerPage: 21,
        page: Math.floor(rand() * 3),
      },
    };
    const extra = [...refined.keys()].map((field) => ({
      indexName: main.indexName,
      params: {
        query,
        facets: field,
        facetFilters: facetFilters(field),
        numericFilters,
        hitsPerPage: 0,
        page: 0,
      },
    }));
    batches.push([main, ...extra]);
  }
  return batches;
}

function stats(times: number[]) {
  const sorted = [...times].sort((a, b) => a - b);
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!;
  return `p50 ${at(0.5).toFixed(2)} ms, p95 ${at(0.95).toFixed(2)} ms, max ${sorted.at(-1)!.toFixed(2)} ms`;
}

const KB = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

async function browserBundle(): Promise<string> {
  const result = await build({
    stdin: {
      contents: `import { createEngine } from './src/search/engine'; import { decodeIndex } from './src/search/index-file'; window.bench = { createEngine, decodeIndex };`,
      resolveDir: ROOT,
      loader: 'ts',
    },
    bundle: true,
    format: 'iife',
    minify: true,
    write: false,
  });
  return result.outputFiles[0]!.text;
}

function searchPageJs(): string {
  const slug = existsSync(path.join(DIST, 'bayside-toyota'))
    ? 'bayside-toyota'
    : readdirSync(DIST).find((name) => !name.startsWith('_'));
  if (!slug) return 'no built site in dist/';
  const html = readFileSync(
    path.join(DIST, slug, 'search', 'new-used-and-demo-cars', 'index.html'),
    'utf8',
  );
  const direct = new Set(
    [...html.matchAll(/(?:component-url|renderer-url|src)="(\/_astro\/[^"]+\.js)"/g)].map(
      (match) => match[1]!,
    ),
  );
  // Follow static imports between chunks (what the browser fetches before the island runs).
  const seen = new Set<string>();
  const queue = [...direct];
  while (queue.length) {
    const file = queue.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    const code = readFileSync(path.join(DIST, slug, file), 'utf8');
    for (const match of code.matchAll(
      /(?:^|[;\s}])import\s*(?:[\w{}\s,*$]+from\s*)?["'](\.\/[^"']+\.js)["']/g,
    ))
      queue.push(`/_astro/${match[1]!.slice(2)}`);
  }
  let raw = 0;
  let gz = 0;
  for (const file of seen) {
    const code = readFileSync(path.join(DIST, slug, file));
    raw += code.length;
    gz += gzipSync(code, { level: 9 }).length;
  }
  return `${slug} search page JavaScript at load (the app's code loads on the first interaction): ${seen.size} files, ${KB(raw)} raw, ${KB(gz)} gzip (${[...seen].map((file) => path.basename(file)).join(', ')})`;
}

const source = sourceDocuments();
const bundle = await browserBundle();
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu'],
});
console.log(
  `Search engine benchmark (${QUERIES} mixed batches per size; engine bundle ${KB(gzipSync(bundle).length)} gzip)\n`,
);

for (const n of sizes) {
  const docs = generate(source, n);
  const json = JSON.stringify(encodeIndex(docs, new Date().toISOString()));
  const gz = gzipSync(json, { level: 9 }).length;
  console.log(
    `${n.toLocaleString('en-AU')} cars: index ${KB(json.length)} raw, ${KB(gz)} gzip (${KB((gz / n) * 2000)} gzip per 2,000 cars)`,
  );

  const loadStart = performance.now();
  const engine = createEngine(decodeIndex(JSON.parse(json) as IndexFile), { soldDays: 3 });
  const loadMs = performance.now() - loadStart;
  const [firstBatch, ...batches] = workload(docs, QUERIES + 1);
  // As the search page does: the first answer is cold, then the client runs the warm-up steps.
  const firstStart = performance.now();
  for (const request of firstBatch!) engine.search(request.indexName, request.params);
  const firstMs = performance.now() - firstStart;
  const warmStart = performance.now();
  for (const step of engine.warmUpSteps()) step();
  const warmMs = performance.now() - warmStart;
  const times: number[] = [];
  const broad: number[] = [];
  for (const batch of batches) {
    const started = performance.now();
    for (const request of batch) engine.search(request.indexName, request.params);
    const elapsed = performance.now() - started;
    times.push(elapsed);
    if ((batch[0]!.params.facetFilters as unknown[]).length <= 1) broad.push(elapsed);
  }
  console.log(
    `  Node:     load + prepare ${loadMs.toFixed(1)} ms; first answer ${firstMs.toFixed(1)} ms; warm-up ${warmMs.toFixed(1)} ms; then all ${stats(times)}; broad (0-1 filter) ${stats(broad)}`,
  );

  const page = await browser.newPage();
  await page.setContent('<!doctype html><title>bench</title>');
  await page.addScriptTag({ content: bundle });
  const result = await page.evaluate(
    async ({ json, batchesJson, firstJson }) => {
      const batches = JSON.parse(batchesJson) as Array<
        Array<{ indexName: string; params: Record<string, unknown> }>
      >;
      const first = JSON.parse(firstJson) as Array<{
        indexName: string;
        params: Record<string, unknown>;
      }>;
      const w = window as unknown as {
        bench: { createEngine: typeof createEngine; decodeIndex: typeof decodeIndex };
      };
      const longTasks: number[] = [];
      new PerformanceObserver((list) =>
        list.getEntries().forEach((entry) => longTasks.push(entry.duration)),
      ).observe({ type: 'longtask', buffered: false });
      const loadStart = performance.now();
      const engine = w.bench.createEngine(w.bench.decodeIndex(JSON.parse(json)), { soldDays: 3 });
      const load = performance.now() - loadStart;
      await new Promise((resolve) => setTimeout(resolve, 100));
      // The page's first answer (cold), then the client's warm-up steps, one per task.
      const firstStart = performance.now();
      for (const request of first) engine.search(request.indexName, request.params);
      const firstAnswer = performance.now() - firstStart;
      const steps: number[] = [];
      for (const step of engine.warmUpSteps()) {
        await new Promise((resolve) => setTimeout(resolve, 0));
        const stepStart = performance.now();
        step();
        steps.push(performance.now() - stepStart);
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
      const loadingLongTasks = [...longTasks];
      longTasks.length = 0;
      const times: number[] = [];
      const broad: number[] = [];
      for (const batch of batches) {
        const started = performance.now();
        for (const request of batch) engine.search(request.indexName, request.params);
        const elapsed = performance.now() - started;
        times.push(elapsed);
        if ((batch[0]!.params.facetFilters as unknown[]).length <= 1) broad.push(elapsed);
        // One batch per task, as keystrokes arrive: long tasks are what typing would feel.
        await new Promise((resolve) => setTimeout(resolve, 0));
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
      return {
        load,
        firstAnswer,
        steps,
        loadingLongTasks,
        times,
        broad,
        longTasks: [...longTasks],
      };
    },
    { json, batchesJson: JSON.stringify(batches), firstJson: JSON.stringify(firstBatch) },
  );
  await page.close();
  const longest = (tasks: number[]) =>
    tasks.length ? ` (longest ${Math.max(...tasks).toFixed(0)} ms)` : '';
  console.log(
    `  Chromium: load + prepare ${result.load.toFixed(1)} ms; first answer ${result.firstAnswer.toFixed(1)} ms; ` +
      `warm-up ${result.steps.length} steps, longest ${Math.max(...result.steps).toFixed(1)} ms; long tasks (> 50 ms) while loading ${result.loadingLongTasks.length}${longest(result.loadingLongTasks)}`,
  );
  console.log(
    `  Chromium: then all ${stats(result.times)}; broad (0-1 filter) ${stats(result.broad)}`,
  );
  console.log(
    `  Chromium long tasks (> 50 ms) while querying: ${result.longTasks.length}${longest(result.longTasks)}\n`,
  );
}
await browser.close();
console.log(searchPageJs());
