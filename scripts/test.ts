/**
 * npm test: the whole suite, as CI runs it.
 *   1. builds the demo sites whose inputs changed (all of them on a clean clone),
 *   2. unit tests (Vitest) in two groups (vitest.config.ts): the files that build no site, two at a
 *      time; then the files that build sites, one at a time,
 *   3. HTML validity (Nu HTML Checker) of every page but only every 10th car's,
 *   4. browser tests (Playwright, Debian's Chromium) against the local server.
 * Extra arguments go to Playwright (e.g. `npm test -- --project=bayside-toyota`).
 * Ends with the seconds each stage took (recorded in docs/testing.md).
 *
 * The HTML check runs beside the site-building unit tests: they run one file at a time and leave
 * part of the second core idle, and the check only reads dist/, which no unit test writes (each
 * builds into a folder of its own). Its output is printed when it ends.
 */
import { spawn } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { BuildInputError, buildSites } from '../platform/build/build-all';
import { ROOT } from '../platform/paths';

/** Seconds per stage, printed together at the end for docs/testing.md. */
const stageSeconds: [string, number][] = [];
const since = (started: number) => (performance.now() - started) / 1000;

function printStages(): void {
  console.log('\nStage times:');
  for (const [label, seconds] of stageSeconds)
    console.log(`  ${label.padEnd(20)} ${seconds.toFixed(0).padStart(6)} s`);
  console.log(`  ${'total'.padEnd(20)} ${since(suiteStarted).toFixed(0).padStart(6)} s`);
}

const bin = (name: string) => `${ROOT}/node_modules/.bin/${name}`;
const suiteStarted = performance.now();
console.log('== build (sites whose inputs changed)');
try {
  await buildSites({ onlyStale: true });
  stageSeconds.push(['build', since(suiteStarted)]);
} catch (error) {
  console.error(error instanceof BuildInputError ? error.message : error);
  process.exit(1);
}

/** Starts a stage in the background, its output to a file; resolves with a function that reports it. */
function start(label: string, command: string, args: string[]): Promise<() => void> {
  const logFile = path.join(mkdtempSync(path.join(tmpdir(), 'npm-test-')), 'output.log');
  const log = openSync(logFile, 'w');
  const started = performance.now();
  const child = spawn(command, args, { cwd: ROOT, stdio: ['ignore', log, log], env: process.env });
  // A failed unit stage ends the suite: don't leave the check running behind it.
  const stop = () => child.kill();
  process.on('exit', stop);
  return new Promise((resolve) => {
    const finish = (status: number | null) => {
      process.off('exit', stop);
      closeSync(log);
      const seconds = since(started);
      // Reported when the caller is ready, so its output doesn't interleave with another stage's.
      resolve(() => {
        console.log(`\n== ${label} (ran beside the site-building unit tests)`);
        process.stdout.write(readFileSync(logFile, 'utf8'));
        stageSeconds.push([label, seconds]);
        if (status !== 0) {
          console.error(`== ${label}: failed (${seconds.toFixed(1)} s)`);
          printStages();
          process.exit(status ?? 1);
        }
        console.log(`== ${label}: passed (${seconds.toFixed(1)} s)`);
      });
    };
    child.on('exit', finish);
    child.on('error', () => finish(1));
  });
}

/** Runs a stage to its end without blocking the event loop, so a stage started beside it is timed to its own end. */
async function run(label: string, command: string, args: string[]): Promise<void> {
  console.log(`\n== ${label}`);
  const started = performance.now();
  const child = spawn(command, args, { cwd: ROOT, stdio: 'inherit', env: process.env });
  const status = await new Promise<number | null>((resolve) => {
    child.on('exit', resolve);
    child.on('error', () => resolve(1));
  });
  const seconds = since(started);
  stageSeconds.push([label, seconds]);
  if (status !== 0) {
    console.error(`== ${label}: failed (${seconds.toFixed(1)} s)`);
    printStages();
    process.exit(status ?? 1);
  }
  console.log(`== ${label}: passed (${seconds.toFixed(1)} s)`);
}

await run('unit tests', bin('vitest'), ['run', '--project', 'unit']);
const htmlCheck = start('HTML validity', bin('tsx'), ['scripts/check-html.ts', '--sample']);
await run('unit tests (builds)', bin('vitest'), ['run', '--project', 'builds']);
(await htmlCheck)();
await run('browser tests', bin('playwright'), ['test', ...process.argv.slice(2)]);
printStages();
console.log(`\nAll tests passed in ${since(suiteStarted).toFixed(0)} s.`);
