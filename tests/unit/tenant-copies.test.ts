import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  copiedValueWarnings,
  dealerValues,
  readTenantValues,
  type TenantValues,
} from '../../src/tenant/copied-values';

const root = path.resolve(import.meta.dirname, '../..');
const bayside = readFileSync(path.join(root, 'tenants/bayside-toyota.yaml'), 'utf8');

function tenant(slug: string, text: string): TenantValues {
  return { slug, file: `tenants/${slug}.yaml`, values: dealerValues(text) };
}

/** An editor's copy of Bayside Toyota with only the slug, name and url changed. */
const copy = bayside
  .replace('slug: bayside-toyota', 'slug: new-dealer')
  .replace('name: Bayside Toyota', 'name: New Dealer Toyota')
  .replace(
    'url: https://www.baysidetoyota.example.com.au',
    'url: https://www.newdealer.example.com.au',
  );

const TAIL = "a copied tenant keeps the other dealer's details";

describe("a tenant copied from another warns of each of the other dealer's details it kept", () => {
  it('names the file, the setting and its line, the value and the other tenant, one line each', () => {
    expect(
      copiedValueWarnings(
        [tenant('bayside-toyota', bayside), tenant('new-dealer', copy)],
        ['new-dealer'],
      ),
    ).toEqual([
      `tenants/new-dealer.yaml: description (line 7): "New, demo and used Toyotas in Capalaba, …" is also bayside-toyota's (tenants/bayside-toyota.yaml); ${TAIL}`,
      `tenants/new-dealer.yaml: local_port (line 8): 4322 is also bayside-toyota's (tenants/bayside-toyota.yaml); ${TAIL}`,
      `tenants/new-dealer.yaml: dealer.phone (line 11): "07 5550 6100" is also bayside-toyota's (tenants/bayside-toyota.yaml); ${TAIL}`,
      `tenants/new-dealer.yaml: dealer.email (line 12): "sales@baysidetoyota.example.com.au" is also bayside-toyota's (tenants/bayside-toyota.yaml); ${TAIL}`,
      `tenants/new-dealer.yaml: dealer.abn (line 13): "41 123 456 789" is also bayside-toyota's (tenants/bayside-toyota.yaml); ${TAIL}`,
      `tenants/new-dealer.yaml: dealer.licence (line 14): "MDL 3456789" is also bayside-toyota's (tenants/bayside-toyota.yaml); ${TAIL}`,
      `tenants/new-dealer.yaml: phones.new (line 22): "07 5550 6101" is also bayside-toyota's (tenants/bayside-toyota.yaml); ${TAIL}`,
      `tenants/new-dealer.yaml: phones.used (line 23): "07 5550 6102" is also bayside-toyota's (tenants/bayside-toyota.yaml); ${TAIL}`,
      `tenants/new-dealer.yaml: content.tagline (line 53): "Brisbane's bayside Toyota dealer since 1978." is also bayside-toyota's (tenants/bayside-toyota.yaml); ${TAIL}`,
      `tenants/new-dealer.yaml: content.slides[0].name (line 56): "RAV4 Hybrid. Now in stock." is also bayside-toyota's (tenants/bayside-toyota.yaml); ${TAIL}`,
      `tenants/new-dealer.yaml: content.slides[1].name (line 60): "Service your Toyota with the experts" is also bayside-toyota's (tenants/bayside-toyota.yaml); ${TAIL}`,
      `tenants/new-dealer.yaml: feeds.cars (line 73): "data/demo/bayside-toyota/cars.json" is also bayside-toyota's (tenants/bayside-toyota.yaml); ${TAIL}`,
      `tenants/new-dealer.yaml: feeds.locations (line 74): "data/demo/bayside-toyota/locations.json" is also bayside-toyota's (tenants/bayside-toyota.yaml); ${TAIL}`,
      `tenants/new-dealer.yaml: feeds.special_hours (line 75): "data/demo/bayside-toyota/special_hours.json" is also bayside-toyota's (tenants/bayside-toyota.yaml); ${TAIL}`,
      `tenants/new-dealer.yaml: feeds.models (line 76): "data/demo/bayside-toyota/models.json" is also bayside-toyota's (tenants/bayside-toyota.yaml); ${TAIL}`,
      `tenants/new-dealer.yaml: feeds.reviews (line 77): "data/demo/bayside-toyota/reviews.json" is also bayside-toyota's (tenants/bayside-toyota.yaml); ${TAIL}`,
      `tenants/new-dealer.yaml: feeds.offers (line 78): "data/demo/bayside-toyota/offers.json" is also bayside-toyota's (tenants/bayside-toyota.yaml); ${TAIL}`,
      `tenants/new-dealer.yaml: syndication.indexnow_key (line 82): "5f1c0b7e8d2a4c6e9b3a7d1f0e2c4a68" is also bayside-toyota's (tenants/bayside-toyota.yaml); ${TAIL}`,
    ]);
  });

  it('matches a phone written another way, and names the other setting when it differs', () => {
    const text = [
      'slug: new-dealer',
      'dealer:',
      "  phone: '(07) 5550-6101'",
      '  email: Sales@BaysideToyota.example.com.au',
    ].join('\n');
    expect(
      copiedValueWarnings(
        [tenant('bayside-toyota', bayside), tenant('new-dealer', text)],
        ['new-dealer'],
      ),
    ).toEqual([
      `tenants/new-dealer.yaml: dealer.phone (line 3): "(07) 5550-6101" is also bayside-toyota's phones.new (tenants/bayside-toyota.yaml); ${TAIL}`,
      `tenants/new-dealer.yaml: dealer.email (line 4): "Sales@BaysideToyota.example.com.au" is also bayside-toyota's (tenants/bayside-toyota.yaml); ${TAIL}`,
    ]);
  });

  it('lists every tenant that has the value', () => {
    const group = (slug: string) =>
      tenant(slug, `slug: ${slug}\ndealer:\n  abn: '41 123 456 789'\n`);
    expect(
      copiedValueWarnings(
        [group('east-motors'), group('west-motors'), group('north-motors')],
        ['west-motors'],
      ),
    ).toEqual([
      `tenants/west-motors.yaml: dealer.abn (line 3): "41 123 456 789" is also east-motors's (tenants/east-motors.yaml) and north-motors's (tenants/north-motors.yaml); ${TAIL}`,
    ]);
  });

  it('building every tenant reports a shared value once, under the later file', () => {
    const warnings = copiedValueWarnings(
      [tenant('bayside-toyota', bayside), tenant('new-dealer', copy)],
      [],
    );
    expect(warnings).toHaveLength(18);
    expect(warnings.every((line) => line.startsWith('tenants/new-dealer.yaml: '))).toBe(true);
  });

  it('the demo tenants share none of these values', async () => {
    expect(
      copiedValueWarnings(await readTenantValues(path.join(root, 'tenants'), root), []),
    ).toEqual([]);
  });
});
