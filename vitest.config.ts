import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/unit/**/*.test.ts', 'tests/unit/**/*.test.tsx', 'api/**/*.test.ts'],
    environment: 'node',
    testTimeout: 20_000,
  },
});
