import { describe, expect, it } from 'vitest';
import { PAGE_VARIANTS } from '../../scripts/bench/page-variants';

const page = `<!DOCTYPE html><html lang="en"><head><title>Car</title><link rel="stylesheet" href="/_astro/a.css"></head>
<body class="site"><header>Menu</header><h1 class="title">2017 Mitsubishi Triton</h1>
<section class="price-tools"><form class="calc" noValidate=""><label for="d">Deposit</label><input id="d" name="deposit" value="0"/>
<select id="f" name="frequency"><option>Weekly</option></select><textarea id="m" rows="4"></textarea></form></section>
<footer class="site-footer">Links</footer></body></html>`;

describe('bench:lighthouse-ab page variants', () => {
  it('as-built serves the page unchanged', () => {
    expect(PAGE_VARIANTS['as-built']!.transform(page)).toBe(page);
  });

  it('no-form-fields leaves no form control and keeps the labels and values in place', () => {
    const html = PAGE_VARIANTS['no-form-fields']!.transform(page);
    expect(html).not.toMatch(/<(input|select|textarea|form)\b/);
    expect(html).toContain('<x-input id="d" name="deposit" value="0"></x-input>');
    expect(html).toContain('<x-select id="f" name="frequency"><option>Weekly</option></x-select>');
    expect(html).toContain('<label for="d">Deposit</label>');
  });

  it('content-visibility adds one rule for the blocks below the first screen, before </head>', () => {
    const html = PAGE_VARIANTS['content-visibility']!.transform(page);
    expect(html).toMatch(
      /<style>[^<]*\.price-tools[^<]*\.site-footer\{content-visibility:auto;contain-intrinsic-size:auto 500px\}<\/style><\/head>/,
    );
  });

  it('title-only keeps the head and the body tag with the h1 alone', () => {
    const html = PAGE_VARIANTS['title-only']!.transform(page);
    expect(html).toBe(
      '<!DOCTYPE html><html lang="en"><head><title>Car</title><link rel="stylesheet" href="/_astro/a.css"></head>\n' +
        '<body class="site"><h1 class="title">2017 Mitsubishi Triton</h1></body></html>',
    );
  });

  it('title-only names what it cannot find in a page without an h1', () => {
    expect(() =>
      PAGE_VARIANTS['title-only']!.transform('<html><body><p>x</p></body></html>'),
    ).toThrow('page-variants: the page has no <h1 ... </h1>');
  });
});
