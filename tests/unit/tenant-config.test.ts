import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import Ajv2020 from 'ajv/dist/2020.js';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { loadTenants, parseTenant, TenantConfigError } from '../../src/tenant/load';
import { tenantJsonSchemaText } from '../../src/tenant/json-schema';

const fixtures = path.resolve(import.meta.dirname, '../fixtures/tenants');

function problemsOf(name: string): string[] {
  const file = `tenants/${name}.yaml`;
  try {
    parseTenant(readFileSync(path.join(fixtures, 'broken', `${name}.yaml`), 'utf8'), file);
  } catch (error) {
    expect(error).toBeInstanceOf(TenantConfigError);
    return (error as Error).message.split('\n');
  }
  throw new Error(`${name} was accepted`);
}

describe('tenant config errors name the file, the field and what was expected', () => {
  it('an unclosed "{" is reported at the line it opens on', () => {
    expect(problemsOf('bad-syntax')).toEqual([
      'tenants/bad-syntax.yaml: line 5: the "{" here is never closed; end it with "}" on the same line',
    ]);
  });

  it('a key indented one space too far is reported at its own line, in plain words', () => {
    // The YAML parser notices it on line 7, the key above, as "Nested mappings are not allowed in compact mappings".
    expect(problemsOf('bad-indent-too-far')).toEqual([
      'tenants/bad-indent-too-far.yaml: line 8: "email" is indented 3 spaces, but the other keys under "dealer" (line 6) are indented 2; lines at the same level must start in the same column',
    ]);
  });

  it('a key indented one space too little is reported at its own line', () => {
    expect(problemsOf('bad-indent-too-little')).toEqual([
      'tenants/bad-indent-too-little.yaml: line 9: "accent" is indented 3 spaces, but the other keys under "colours" (line 7) are indented 4; lines at the same level must start in the same column',
    ]);
  });

  it('a list item indented differently from the items beside it', () => {
    const text = readFileSync(path.join(fixtures, 'valid', 'fixture-dealer.yaml'), 'utf8').replace(
      'feeds:',
      [
        'content:',
        '  slides:',
        '    - name: One',
        '      url: /one',
        '     - name: Two',
        '      url: /two',
        'feeds:',
      ].join('\n'),
    );
    expect(() => parseTenant(text, 'tenants/fixture-dealer.yaml')).toThrow(
      'tenants/fixture-dealer.yaml: line 13: this "-" list item is indented 5 spaces, but the other items under "slides" (line 10) are indented 4; lines at the same level must start in the same column',
    );
  });

  it('a tab used for indenting', () => {
    const text = readFileSync(path.join(fixtures, 'valid', 'fixture-dealer.yaml'), 'utf8').replace(
      "    primary: '#0b5cad'",
      "\tprimary: '#0b5cad'",
    );
    expect(() => parseTenant(text, 'tenants/fixture-dealer.yaml')).toThrow(
      'tenants/fixture-dealer.yaml: line 8: indented with a tab; YAML needs spaces',
    );
  });

  it('a quote left open is reported at the line it opens on', () => {
    expect(problemsOf('unclosed-quote')).toEqual([
      "tenants/unclosed-quote.yaml: line 7: the ' that starts this value is never closed; end the value with '",
    ]);
  });

  it('a value with ": " in it, unquoted', () => {
    const text = readFileSync(path.join(fixtures, 'valid', 'fixture-dealer.yaml'), 'utf8').replace(
      'feeds:',
      'content:\n  tagline: Open today: until 5pm\nfeeds:',
    );
    expect(() => parseTenant(text, 'tenants/fixture-dealer.yaml')).toThrow(
      `tenants/fixture-dealer.yaml: line 10: the value of "tagline" contains ": ", which YAML reads as another key; put the value in quotes, like tagline: 'Open today: until 5pm'`,
    );
  });

  it('a missing field', () => {
    expect(problemsOf('missing-field')).toEqual([
      'tenants/missing-field.yaml: name (line 1): missing; expected text',
    ]);
  });

  it('wrong types, all at once', () => {
    expect(problemsOf('wrong-type')).toEqual([
      'tenants/wrong-type.yaml: features.reserve (line 10): expected true or false, got "yes please"',
      'tenants/wrong-type.yaml: search.hits_per_page (line 12): expected a number, got "twenty-one"',
    ]);
  });

  it('an unknown key, at its own line, with a suggestion', () => {
    expect(problemsOf('unknown-key')).toEqual([
      'tenants/unknown-key.yaml: features (line 11): unknown key "watchlsit" (did you mean "watchlist"?)',
    ]);
  });

  it('a key indented a whole level too little: where it belongs', () => {
    expect(problemsOf('misplaced-key')).toEqual([
      'tenants/misplaced-key.yaml: theme (line 9): unknown key "footer_background" here: it belongs under "colours" (line 7); indent it to line up with the keys there',
    ]);
  });

  it('a key indented a whole level too far: where it belongs', () => {
    const text = readFileSync(path.join(fixtures, 'valid', 'fixture-dealer.yaml'), 'utf8').replace(
      "    primary: '#0b5cad'",
      "    primary: '#0b5cad'\n    radius: 4",
    );
    expect(() => parseTenant(text, 'tenants/fixture-dealer.yaml')).toThrow(
      'tenants/fixture-dealer.yaml: theme.colours (line 9): unknown key "radius" here: it belongs one level up, beside "colours" (line 7); indent it less',
    );
  });

  it('two unknown keys in one place, each at its own line', () => {
    const text = readFileSync(path.join(fixtures, 'valid', 'fixture-dealer.yaml'), 'utf8').replace(
      'feeds:',
      'features:\n  reserve: true\n  watchlsit: true\n  favorites: true\nfeeds:',
    );
    expect(() => parseTenant(text, 'tenants/fixture-dealer.yaml')).toThrow(
      [
        'tenants/fixture-dealer.yaml: features (line 11): unknown key "watchlsit" (did you mean "watchlist"?)',
        'tenants/fixture-dealer.yaml: features (line 12): unknown key "favorites" (did you mean "favourites"?)',
      ].join('\n'),
    );
  });

  it('an out-of-range number', () => {
    expect(problemsOf('out-of-range')).toEqual([
      'tenants/out-of-range.yaml: stock.include_sold_cars_days (line 10): expected a number of at most 14, got 30',
    ]);
  });

  it('colours that would make text unreadable name the colour the editor set, at its line', () => {
    expect(problemsOf('low-contrast')).toEqual([
      'tenants/low-contrast.yaml: theme.colours.primary (line 8): "#ffd400" is too light: on_primary "#ffffff" (the default) on primary "#ffd400" has contrast 1.43:1, text needs at least 4.5:1; choose a darker primary or set on_primary',
      'tenants/low-contrast.yaml: theme.colours.primary (line 8): "#ffd400" is too light: primary "#ffd400" on background "#ffffff" (the default) has contrast 1.43:1, text needs at least 4.5:1; choose a darker primary or set background',
    ]);
  });

  it('a text colour set too close to a colour also set: both lines', () => {
    const text = readFileSync(path.join(fixtures, 'valid', 'fixture-dealer.yaml'), 'utf8').replace(
      "    primary: '#0b5cad'",
      "    primary: '#0b5cad'\n    footer_background: '#333333'\n    on_footer: '#555555'",
    );
    expect(() => parseTenant(text, 'tenants/fixture-dealer.yaml')).toThrow(
      'tenants/fixture-dealer.yaml: theme.colours.on_footer (line 10): "#555555" is too dark: on_footer "#555555" on footer_background "#333333" has contrast 1.69:1, text needs at least 4.5:1; choose a lighter on_footer or change footer_background (line 9)',
    );
  });

  it('a rule on two settings together says what is missing, not "got a mapping"', () => {
    const text = readFileSync(path.join(fixtures, 'valid', 'fixture-dealer.yaml'), 'utf8').replace(
      'feeds:',
      'analytics:\n  sink: beacon\nfeeds:',
    );
    expect(() => parseTenant(text, 'tenants/fixture-dealer.yaml')).toThrow(
      'tenants/fixture-dealer.yaml: analytics.endpoint (line 9): expected endpoint when sink is beacon',
    );
  });

  it('links and images that would leave the site or run script', () => {
    expect(problemsOf('unsafe-links')).toEqual([
      'tenants/unsafe-links.yaml: theme.logo (line 9): expected a path inside tenants/, like "assets/<slug>/logo.svg", got "../../etc/secret.png"',
      'tenants/unsafe-links.yaml: links.finance (line 12): expected an http(s) URL or a site path starting with "/"; "javascript:" URLs are not allowed, got "javascript:alert(document.domain)"',
      'tenants/unsafe-links.yaml: links.contact (line 11): expected a site path starting with a single "/" or an http(s) URL; a link starting with "//" goes to another site, so write it as "https://...", got "//evil.example/contact"',
      'tenants/unsafe-links.yaml: content.slides[0].url (line 16): expected an http(s) URL or a site path starting with "/"; "javascript:" URLs are not allowed, got "JAVASCRIPT:alert(1)"',
      'tenants/unsafe-links.yaml: content.slides[0].image (line 17): expected an http(s) URL or a site path starting with "/"; "data:" URLs are not allowed, got "data:text/html,<script>alert(1)</script>"',
      'tenants/unsafe-links.yaml: leads.terms_url (line 21): expected a site path starting with a single "/" or an http(s) URL; a link starting with "//" goes to another site, so write it as "https://...", got "/\\\\evil.example/terms"',
      'tenants/unsafe-links.yaml: map.attribution (line 19): expected text with at most plain links like <a href="https://...">name</a>, got "&copy; <a href=\\"https://osm.example\\" onc…"',
    ]);
  });

  it('a slug that does not match the file name', () => {
    const text = readFileSync(path.join(fixtures, 'valid', 'fixture-dealer.yaml'), 'utf8');
    expect(() => parseTenant(text, 'tenants/other-name.yaml')).toThrow(
      'tenants/other-name.yaml: slug: expected "other-name" to match the file name, got "fixture-dealer"',
    );
  });
});

describe('defaults', () => {
  it('fills the SPEC defaults an editor leaves out', () => {
    const tenant = parseTenant(
      readFileSync(path.join(fixtures, 'valid', 'fixture-dealer.yaml'), 'utf8'),
      'tenants/fixture-dealer.yaml',
    );
    expect(tenant.search.price_quick_picks).toBe('standard');
    expect(tenant.search.cache_size).toBe(50);
    expect(tenant.links).toMatchObject({
      stock: '/search/new-used-and-demo-cars',
      test_drive: '/book-test-drive/',
      service: '/service',
      finance: '/finance',
      trade_in: '/trade-in',
      parts: '/vehicle-parts-and-accessories',
      contact: '/contact',
      clear_filters: '/special-offers',
    });
    expect(tenant.stock.include_sold_cars_days).toBe(3);
    expect(tenant.search).toMatchObject({
      backend: 'embedded',
      hits_per_page: 21,
      card_attributes: ['car_type', 'simple_body', 'km', 'simple_transmission', 'stocknum'],
    });
    expect(tenant.labels).toMatchObject({
      finance_button: 'Get Finance',
      reserve_button: 'Reserve this Car',
      sold_tag: 'JUST SOLD',
    });
  });
});

describe('the JSON Schema editors use', () => {
  const schemaFile = path.resolve(import.meta.dirname, '../../tenants/schema.json');

  it('is up to date with the zod schema (run `npm run schema` after changing it)', () => {
    expect(readFileSync(schemaFile, 'utf8')).toBe(tenantJsonSchemaText());
  });

  it('accepts every demo tenant and rejects the broken fixtures', () => {
    const ajv = new Ajv2020({ allErrors: true, strict: false });
    const validate = ajv.compile(JSON.parse(readFileSync(schemaFile, 'utf8')) as object);
    const tenantsDir = path.resolve(import.meta.dirname, '../../tenants');
    for (const name of readdirSync(tenantsDir).filter((file) => file.endsWith('.yaml'))) {
      expect(
        validate(parse(readFileSync(path.join(tenantsDir, name), 'utf8'))),
        `${name}: ${JSON.stringify(validate.errors)}`,
      ).toBe(true);
    }
    for (const name of [
      'missing-field',
      'wrong-type',
      'unknown-key',
      'out-of-range',
      'unsafe-links',
    ]) {
      expect(
        validate(parse(readFileSync(path.join(fixtures, 'broken', `${name}.yaml`), 'utf8'))),
        name,
      ).toBe(false);
    }
  });
});

describe('the demo tenants', () => {
  it('all validate', async () => {
    const tenants = await loadTenants(undefined, path.resolve(import.meta.dirname, '../..'));
    expect(tenants.map((tenant) => tenant.template).sort()).toEqual([
      'caravan',
      'dealer',
      'group',
      'manufacturer',
    ]);
  });
});
