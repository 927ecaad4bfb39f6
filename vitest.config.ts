import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/unit/**/*.test.ts', 'tests/unit/**/*.test.tsx', 'api/**/*.test.ts'],
    environment: 'node',
    // Generous: CI and dev machines here are 2 shared cores; setup hooks generate whole data sets.
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
