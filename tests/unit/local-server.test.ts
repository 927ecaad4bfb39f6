import { mkdirSync, mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createSiteApp } from '../../platform/serve/local-server';
import { apiTestSite } from '../support/api-site';

const work = mkdtempSync(path.join(tmpdir(), 'live-swap-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** A built site as build-tenant.ts writes it: a folder with pages and its _headers file. */
function site(dir: string, build: string) {
  mkdirSync(path.join(dir, 'cars', 'a-car'), { recursive: true });
  writeFileSync(path.join(dir, 'cars', 'a-car', 'index.html'), `<p>${build}</p>`);
  writeFileSync(path.join(dir, '_headers'), `/*\n  X-Build: ${build}\n`);
}

describe('the local server while a site is rebuilt', () => {
  it('serves the new build, with its own headers, from the first request after the swap', async () => {
    const live = path.join(work, 'dealer');
    site(live, 'first');
    const app = createSiteApp('dealer', apiTestSite(), undefined, live);
    const before = await app.request('http://localhost/cars/a-car/');
    expect([await before.text(), before.headers.get('x-build')]).toEqual(['<p>first</p>', 'first']);

    // The swap, as build-tenant.ts does it: the live folder renamed away, the new one renamed in.
    const next = path.join(work, '.tmp-dealer');
    site(next, 'second');
    renameSync(live, path.join(work, '.old-dealer'));
    renameSync(next, live);
    rmSync(path.join(work, '.old-dealer'), { recursive: true });

    const after = await app.request('http://localhost/cars/a-car/');
    expect([await after.text(), after.headers.get('x-build')]).toEqual(['<p>second</p>', 'second']);
  });

  it('holds a request that arrives between the two renames until the new site is in place', async () => {
    const live = path.join(work, 'gap');
    site(live, 'first');
    const app = createSiteApp('gap', apiTestSite(), undefined, live);
    renameSync(live, path.join(work, '.old-gap'));
    const pending = app.request('http://localhost/cars/a-car/');
    const next = path.join(work, '.tmp-gap');
    site(next, 'second');
    setTimeout(() => renameSync(next, live), 50);
    const response = await pending;
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('<p>second</p>');
  });
});
