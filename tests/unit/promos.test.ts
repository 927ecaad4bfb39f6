import { describe, expect, it } from 'vitest';
import {
  defaultPromoExpiry,
  isPromoShown,
  orderPromos,
  PROMO_EXPIRY,
  promoPositions,
  shownPromos,
  withPromos,
  type PromoNode,
} from '../../src/domain/promos';
import { listedOffers, runningOffers } from '../../src/domain/offers';
import type { PromoCard } from '../../src/tenant/schema/promos';

// SPEC 9: promo expiry 2025-06-15 16:00 +10:00.
const EXPIRY = Date.parse('2025-06-15T16:00:00+10:00');
const MINUTE = 60_000;

describe('promo node timing (SPEC 3, 9)', () => {
  it('PROMO_EXPIRY is 2025-06-15 16:00 +10:00 (06:00 UTC)', () =>
    expect(new Date(PROMO_EXPIRY).toISOString()).toBe('2025-06-15T06:00:00.000Z'));

  it.each<[string, PromoNode, number, string | undefined, boolean]>([
    ['no bounds, no default: always', {}, EXPIRY + 365 * 24 * 60 * MINUTE, undefined, true],
    ['default expiry: a minute before', {}, EXPIRY - MINUTE, PROMO_EXPIRY, true],
    ['default expiry: at 16:00 +10:00', {}, EXPIRY, PROMO_EXPIRY, false],
    ['default expiry: after', {}, EXPIRY + MINUTE, PROMO_EXPIRY, false],
    [
      'own expiry wins over the default',
      { expiry: '2025-07-01T00:00:00+10:00' },
      EXPIRY + MINUTE,
      PROMO_EXPIRY,
      true,
    ],
    [
      'own expiry at the SPEC instant',
      { expiry: '2025-06-15T16:00:00+10:00' },
      EXPIRY - 1,
      undefined,
      true,
    ],
    ['own expiry passed', { expiry: '2025-06-15T16:00:00+10:00' }, EXPIRY, undefined, false],
    ['not started yet', { start: '2025-06-15T16:00:00+10:00' }, EXPIRY - 1, undefined, false],
    ['starts at that instant', { start: '2025-06-15T16:00:00+10:00' }, EXPIRY, undefined, true],
    ['display false never shows', { display: false }, EXPIRY - MINUTE, undefined, false],
    [
      'display false, running dates',
      { display: false, start: '2025-06-01T00:00:00+10:00', expiry: '2025-07-01T00:00:00+10:00' },
      EXPIRY,
      undefined,
      false,
    ],
  ])('%s', (_, node, now, defaultExpiry, shown) =>
    expect(isPromoShown(node, now, defaultExpiry)).toBe(shown),
  );

  it.each([
    [true, PROMO_EXPIRY],
    [false, undefined],
  ])('tenant opt-in %s -> default expiry %s', (optIn, expiry) =>
    expect(defaultPromoExpiry(optIn)).toBe(expiry),
  );
});

const node = (id: string, extra: PromoNode = {}) => ({ id, ...extra });
const ids = (nodes: { id: string }[]) => nodes.map((item) => item.id);

describe('promo node order in a list (position, strictDisplay)', () => {
  it.each<[string, ReturnType<typeof node>[], string[]]>([
    ['no positions: given order', [node('a'), node('b'), node('c')], ['a', 'b', 'c']],
    [
      'a position takes its place',
      [node('a'), node('b'), node('c', { position: 1 })],
      ['c', 'a', 'b'],
    ],
    [
      'positions 2 and 3',
      [node('a', { position: 3 }), node('b'), node('c', { position: 2 }), node('d')],
      ['b', 'c', 'a', 'd'],
    ],
    [
      'beyond the list: to the end',
      [node('a', { position: 9 }), node('b'), node('c')],
      ['b', 'c', 'a'],
    ],
    [
      'two ask for one place: the first wins, the other goes last',
      [node('a', { position: 1 }), node('b', { position: 1 }), node('c')],
      ['a', 'c', 'b'],
    ],
    [
      'strict at its place',
      [node('a'), node('b', { position: 2, strictDisplay: true }), node('c')],
      ['a', 'b', 'c'],
    ],
    [
      'strict beyond the list: left out',
      [node('a', { position: 9, strictDisplay: true }), node('b'), node('c')],
      ['b', 'c'],
    ],
    ['strict without a position: left out', [node('a', { strictDisplay: true }), node('b')], ['b']],
    [
      'strict whose place is taken: left out',
      [node('a', { position: 1 }), node('b', { position: 1, strictDisplay: true }), node('c')],
      ['a', 'c'],
    ],
    [
      'strict that would close up off its place: left out',
      [
        node('a', { position: 3, strictDisplay: true }),
        node('b', { position: 3, strictDisplay: true }),
      ],
      [],
    ],
  ])('%s', (_, nodes, expected) => expect(ids(orderPromos(nodes))).toEqual(expected));
});

describe('special offers follow the promo rule', () => {
  const offers = [
    node('plain'),
    node('hidden', { display: false }),
    node('expired', { expiry: '2025-06-15T16:00:00+10:00' }),
    node('upcoming', { start: '2025-06-20T00:00:00+10:00' }),
    node('first', { position: 1, expiry: '2025-07-01T00:00:00+10:00' }),
  ];
  const after = EXPIRY + MINUTE;

  it('running: shown ones only, ordered by position', () =>
    expect(ids(runningOffers(offers, after))).toEqual(['first', 'plain']));
  it('running with the opted-in default expiry: open-ended ones have ended', () =>
    expect(ids(runningOffers(offers, after, PROMO_EXPIRY))).toEqual(['first']));
  it('running before the SPEC expiry with the default', () =>
    expect(ids(runningOffers(offers, EXPIRY - MINUTE, PROMO_EXPIRY))).toEqual([
      'first',
      'plain',
      'expired',
    ]));
  it('the page also holds upcoming offers (revealed in the browser), never hidden or expired ones', () =>
    expect(ids(listedOffers(offers, after))).toEqual(['first', 'plain', 'upcoming']));
  it('the page gives open-ended offers the default expiry when opted in', () => {
    const listed = listedOffers(offers, EXPIRY - MINUTE, PROMO_EXPIRY);
    expect(listed.find((offer) => offer.id === 'plain')?.expiry).toBe(PROMO_EXPIRY);
  });
});

const promo = (title: string, extra: Partial<PromoCard> = {}): PromoCard => ({
  title,
  url: '/x',
  display: true,
  strictDisplay: false,
  ...extra,
});
const cars = (n: number) => Array.from({ length: n }, (_, index) => `car${index + 1}`);
const layout = (items: ReturnType<typeof withPromos<string, PromoCard>>) =>
  items.map((item) => (item.kind === 'car' ? item.car : `[${item.promo.title}]`));

describe('promo cards in the search grid (SPEC 2)', () => {
  it('go at positions 5 and 10 of the grid', () => {
    const flat = layout(
      withPromos(
        cars(12),
        [promo('A'), promo('B')],
        promoPositions({ rule: 'positions', positions: [5, 10] }, 12),
      ),
    );
    expect(flat[4]).toBe('[A]');
    expect(flat[9]).toBe('[B]');
    expect(flat).toHaveLength(14);
  });

  it('every N results, cycling through the promos', () => {
    // With 21 cars a third promo would come after the last car.
    expect(promoPositions({ rule: 'every', every: 8 }, 21)).toEqual([8, 16]);
    const positions = promoPositions({ rule: 'every', every: 8 }, 22);
    expect(positions).toEqual([8, 16, 24]);
    const flat = layout(withPromos(cars(22), [promo('A'), promo('B')], positions));
    expect([flat[7], flat[15], flat[23]]).toEqual(['[A]', '[B]', '[A]']);
  });

  it('random position between min and max', () => {
    expect(promoPositions({ rule: 'random', min: 3, max: 5 }, 21, () => 0)).toEqual([3]);
    expect(promoPositions({ rule: 'random', min: 3, max: 5 }, 21, () => 0.99)).toEqual([5]);
  });

  it('never trail after the last car', () => {
    expect(layout(withPromos(cars(3), [promo('A')], [5]))).toEqual(['car1', 'car2', 'car3']);
    expect(layout(withPromos(cars(4), [promo('A')], [5]))).toEqual([
      'car1',
      'car2',
      'car3',
      'car4',
    ]);
    expect(layout(withPromos(cars(5), [promo('A')], [5]))).toEqual([
      'car1',
      'car2',
      'car3',
      'car4',
      '[A]',
      'car5',
    ]);
  });

  it('honour their own position and strictDisplay', () => {
    const flat = layout(
      withPromos(
        cars(8),
        [promo('Fixed', { position: 2 }), promo('Strict', { strictDisplay: true }), promo('Float')],
        [6],
      ),
    );
    expect(flat[1]).toBe('[Fixed]');
    expect(flat[5]).toBe('[Float]');
    expect(flat).not.toContain('[Strict]');
  });

  it('the grid shows the same promos as the rule: between start and expiry, and when displayed', () => {
    const now = EXPIRY - 60 * MINUTE;
    const list = [
      promo('running', { start: '2025-06-01T00:00:00+10:00', expiry: '2025-06-15T16:00:00+10:00' }),
      promo('expired', { expiry: '2025-06-15T14:00:00+10:00' }),
      promo('future', { start: '2025-07-01T00:00:00+10:00' }),
      promo('hidden', { display: false }),
      promo('open-ended'),
    ];
    expect(shownPromos(list, now).map((card) => card.title)).toEqual(['running', 'open-ended']);
    expect(shownPromos(list, EXPIRY, PROMO_EXPIRY).map((card) => card.title)).toEqual([]);
  });
});
