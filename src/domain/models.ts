import type { Model } from '../feeds/schemas';
import { headOf } from './truncate';

/** SPEC 5: minimum prices ignore zero or non-numeric values. */
export function minimumPrice(
  values: Array<number | null | undefined | string>,
): number | undefined {
  const prices = values.filter(
    (value): value is number => typeof value === 'number' && Number.isFinite(value) && value > 0,
  );
  return prices.length ? Math.min(...prices) : undefined;
}

/** "From {price}": the lowest variant price, else the model's from_price. */
export function modelFromPrice(
  model: Pick<Model, 'model_variants' | 'from_price'>,
): number | undefined {
  return (
    minimumPrice(model.model_variants.map((variant) => variant.dap_min_price)) ??
    minimumPrice([model.from_price])
  );
}

/** SPEC 4: all_new and new are labelled NEW; coming_soon is labelled COMING SOON. */
export function modelStatusLabel(status: Model['status']): 'NEW' | 'COMING SOON' | undefined {
  if (status === 'all_new' || status === 'new') return 'NEW';
  if (status === 'coming_soon') return 'COMING SOON';
  return undefined;
}

/** SPEC 9: descriptions are cut at 75 characters in previews and 200 in range items, at a word where one is near. */
export function truncateText(text: string, limit: number): string {
  const cut = headOf(text, limit);
  if (cut === undefined) return text;
  const lastSpace = cut.lastIndexOf(' ');
  return `${(lastSpace > limit * 0.6 ? cut.slice(0, lastSpace) : cut).replace(/[\s,.;:]+$/, '')}…`;
}
