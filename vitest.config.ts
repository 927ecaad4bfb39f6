import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/**
 * Files that run an Astro build (or a sync, which builds). Two builds in one checkout at once break
 * each other (render threads: "the prerender app was not given its build internals"), so these run
 * one at a time, after the rest. A new test file that builds a site belongs here.
 */
const BUILDING_FILES = [
  'build-cli',
  'build-incremental',
  'cdn-publish',
  'feed-host-attacks',
  'hostile-tenant-build',
  'hostile-text-build',
  'own-photo-host-build',
  'render-threads',
  'stack-sync',
  'sync',
  'sync-fault',
  'sync-queue',
].map((name) => `tests/unit/${name}.test.ts`);

export default defineConfig({
  test: {
    environment: 'node',
    // Generous: CI and dev machines here are 2 shared cores; setup hooks generate whole data sets.
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.ts', 'tests/unit/**/*.test.tsx', 'api/**/*.test.ts'],
          exclude: BUILDING_FILES,
          // Two files at a time even on 2 cores (Vitest's default there is one): most files wait on
          // processes, databases and sockets, and the 105 files took 202 s instead of 293.
          maxWorkers: Math.max(2, availableParallelism() - 1),
          sequence: { groupOrder: 0 },
        },
      },
      {
        extends: true,
        test: {
          name: 'builds',
          include: BUILDING_FILES,
          fileParallelism: false,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
