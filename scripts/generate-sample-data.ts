/**
 * Generate the demo tenants' feeds and images.
 *
 *   npx tsx scripts/generate-sample-data.ts [--now 2025-06-01T00:00:00Z] [--seed 1]
 *
 * Same seed and now give byte-identical output. Builds run this automatically when the data is
 * missing, outdated or from an earlier day (see scripts/sample-data/ensure.ts).
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEFAULT_SEED, generateAndStamp } from './sample-data';

export * from './sample-data';

function argument(args: string[], name: string): string | undefined {
  const index = args.indexOf(name);
  if (index >= 0) return args[index + 1];
  return args.find((arg) => arg.startsWith(`${name}=`))?.slice(name.length + 1);
}

async function main(args: string[]): Promise<void> {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const now = argument(args, '--now');
  const seedText = argument(args, '--seed');
  if (now !== undefined && Number.isNaN(Date.parse(now)))
    throw new Error(`--now: expected an ISO date-time like 2025-06-01T00:00:00Z, got "${now}"`);
  const seed = seedText === undefined ? DEFAULT_SEED : Number(seedText);
  if (!Number.isInteger(seed))
    throw new Error(`--seed: expected a whole number, got "${seedText}"`);

  const result = await generateAndStamp({ root, seed, ...(now ? { now } : {}) });
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} KB`;
  console.log(`Demo data for ${result.now} (seed ${result.seed}):`);
  for (const feed of result.feeds)
    console.log(
      `  ${feed.file.padEnd(58)} ${String(feed.records).padStart(5)} records  ${kb(feed.bytes).padStart(8)}`,
    );
  const total = result.feeds.reduce((sum, feed) => sum + feed.bytes, 0);
  console.log(
    `  ${'feeds'.padEnd(58)} ${String(result.feeds.length).padStart(5)} files    ${kb(total).padStart(8)}`,
  );
  console.log(
    `  ${'public/media'.padEnd(58)} ${String(result.images).padStart(5)} images   ${kb(result.imageBytes).padStart(8)}`,
  );
  console.log(`Done in ${(result.ms / 1000).toFixed(1)} s.`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main(process.argv.slice(2)).catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  });
}
