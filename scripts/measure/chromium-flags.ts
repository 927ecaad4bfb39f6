/**
 * Chromium flags verified on these machines (TOOLCHAIN.md), shared by the browser tests
 * (playwright.config.ts), `npm run size` and `npm run bench:lighthouse`.
 */
export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
