import { formatNumber } from './format';

/** A noun's two forms ("vehicle", "vehicles"); the plural defaults to the singular plus "s". */
export type Noun = string | { singular: string; plural: string };

/** The form of `noun` that goes with `count`: English uses the singular for exactly one. */
export function pluralise(count: number, noun: Noun): string {
  const { singular, plural } =
    typeof noun === 'string' ? { singular: noun, plural: `${noun}s` } : noun;
  return count === 1 ? singular : plural;
}

/** "1 vehicle", "192 vehicles", "1,204 reviews": a count (grouped) and its noun in the right form. */
export function countOf(count: number, noun: Noun): string {
  return `${formatNumber(count)} ${pluralise(count, noun)}`;
}
