import { describe, expect, it } from 'vitest';
import { renderOnce, type RenderOnceKey } from '../../src/build/render-once';

describe('renderOnce (the header and footer cache)', () => {
  it('renders a key once and gives later pages the same HTML; another key renders anew', async () => {
    const seen: RenderOnceKey[] = [];
    const render = async (key: RenderOnceKey) => {
      seen.push(key);
      return `<nav>${key.values.join(' ')}</nav>`;
    };
    const first = await renderOnce({ name: 'header-a', values: ['/cars'] }, render, true);
    const again = await renderOnce({ name: 'header-a', values: ['/cars'] }, render, true);
    const other = await renderOnce({ name: 'header-a', values: ['/about'] }, render, true);
    expect([first, again, other]).toEqual([
      '<nav>/cars</nav>',
      '<nav>/cars</nav>',
      '<nav>/about</nav>',
    ]);
    expect(seen).toEqual([
      { name: 'header-a', values: ['/cars'] },
      { name: 'header-a', values: ['/about'] },
    ]);
  });

  it('keeps keys whose values would join to the same text apart', async () => {
    const render = async (key: RenderOnceKey) => JSON.stringify(key.values);
    expect(await renderOnce({ name: 'header-b', values: ['/a /b'] }, render, true)).toBe(
      '["/a /b"]',
    );
    expect(await renderOnce({ name: 'header-b', values: ['/a', '/b'] }, render, true)).toBe(
      '["/a","/b"]',
    );
  });

  it('refuses content holding an island, naming the key, whether it caches or not', async () => {
    const island = async () =>
      '<header><astro-island uid="x" component-url="/_astro/Menu.js"></astro-island></header>';
    for (const cache of [true, false]) {
      await expect(
        renderOnce({ name: 'header-c', values: ['/cars', '/cars/used'] }, island, cache),
      ).rejects.toThrow(
        'RenderOnce "header-c [/cars, /cars/used]": the content holds an island (<astro-island>), which belongs to one page and cannot be cached',
      );
    }
    await expect(renderOnce({ name: 'footer-c', values: [] }, island, true)).rejects.toThrow(
      'RenderOnce "footer-c": the content holds an island',
    );
  });
});
