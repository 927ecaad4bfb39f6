// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  EARLY_PRESS,
  earlySave,
  pressEarly,
  takeEarlyPress,
  WAITING,
} from '../../src/islands/early-press';

// A tap held while a toggle's island wakes is saved to the shopper's list at once, so a reload
// or a page left in that second keeps it; the island, handed the replayed tap, must not save it again.

const car = {
  id: '42',
  name: '2024 Toyota RAV4 GXL',
  slug: '2024-toyota-rav4-gxl-42',
  make: 'Toyota',
  model: 'RAV4',
  primary_image_url: '/media/x.jpg',
};
const favourites = () => JSON.parse(localStorage.getItem('favourites') ?? 'null') as unknown;
const compare = () => JSON.parse(localStorage.getItem('compare') ?? 'null') as unknown;

function toggle(save: string): { button: HTMLButtonElement; icon: Element } {
  document.body.innerHTML = `<button type="button" aria-pressed="false"><svg><path></path></svg></button>`;
  const button = document.querySelector('button')!;
  button.setAttribute(EARLY_PRESS, save);
  return { button, icon: button.querySelector('path')! };
}

afterEach(() => {
  localStorage.clear();
  vi.restoreAllMocks();
});

describe('a press held while the island wakes', () => {
  it('saves the favourite at once, with only the fields a favourite keeps, and shows it pressed', () => {
    const { button, icon } = toggle(
      earlySave({ key: 'favourites', entry: { ...car, price: 9, extra: 'x' } as typeof car }),
    );
    pressEarly(icon);
    expect(button.getAttribute('aria-pressed')).toBe('true');
    expect(favourites()).toEqual([car]);
    // The island then gets the replayed tap: it is told the press is saved, and acts on nothing.
    expect(takeEarlyPress(button)).toBe('added');
    expect(button.hasAttribute(WAITING)).toBe(false);
    expect(takeEarlyPress(button)).toBeNull();
  });

  it('a second tap while waking takes it off again; each replayed tap is told its own outcome', () => {
    localStorage.setItem('favourites', JSON.stringify([{ ...car, id: '7' }]));
    const { button } = toggle(earlySave({ key: 'favourites', entry: car }));
    pressEarly(button);
    pressEarly(button);
    expect(button.getAttribute('aria-pressed')).toBe('false');
    expect(favourites()).toEqual([{ ...car, id: '7' }]);
    expect(button.getAttribute(WAITING)).toBe('added removed');
    expect(takeEarlyPress(button)).toBe('added');
    expect(button.hasAttribute(WAITING)).toBe(true);
    expect(takeEarlyPress(button)).toBe('removed');
    expect(button.hasAttribute(WAITING)).toBe(false);
  });

  it('a car already saved (the page knew no storage) is taken off, and shown so', () => {
    localStorage.setItem('favourites', JSON.stringify([car]));
    const { button } = toggle(earlySave({ key: 'favourites', entry: car }));
    pressEarly(button);
    expect(button.getAttribute('aria-pressed')).toBe('false');
    expect(favourites()).toEqual([]);
  });

  it('Compare adds the car; a full list is left as it was, shown pressed until the island says why', () => {
    const entry = { id: '42', name: car.name, slug: car.slug };
    const { button } = toggle(earlySave({ key: 'compare', entry }));
    pressEarly(button);
    expect(compare()).toEqual([entry]);
    const full = ['1', '2', '3'].map((id) => ({ id, name: `Car ${id}`, slug: `car-${id}` }));
    localStorage.setItem('compare', JSON.stringify(full));
    const other = toggle(earlySave({ key: 'compare', entry }));
    pressEarly(other.button);
    expect(other.button.getAttribute('aria-pressed')).toBe('true');
    expect(compare()).toEqual(full);
    expect(takeEarlyPress(other.button)).toBe('full');
  });

  it('a hand-edited list reads as empty and is replaced, as the store reads it', () => {
    localStorage.setItem('favourites', '{not json');
    const { button } = toggle(earlySave({ key: 'favourites', entry: car }));
    pressEarly(button);
    expect(favourites()).toEqual([car]);
  });

  it('without storage the look flips and the island is left to act on the replayed tap', () => {
    vi.spyOn(localStorage, 'getItem').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    const { button } = toggle(earlySave({ key: 'favourites', entry: car }));
    pressEarly(button);
    expect(button.getAttribute('aria-pressed')).toBe('true');
    expect(takeEarlyPress(button)).toBeNull();
    expect(button.hasAttribute(WAITING)).toBe(false);
  });

  it('a tap on anything but a toggle is left alone', () => {
    document.body.innerHTML = '<a href="/cars/x">Car</a>';
    pressEarly(document.querySelector('a')!);
    expect(document.querySelector('a')!.hasAttribute(WAITING)).toBe(false);
    expect(localStorage.length).toBe(0);
  });
});
