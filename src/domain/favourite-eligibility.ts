/**
 * SPEC 5: the favourite (and compare) button shows only for an eligible car: a price above 0 and
 * an image or thumbnail, so a saved list never holds a car it cannot show or price.
 */
export function canFavourite(
  price: number | null | undefined,
  image: string | null | undefined,
): boolean {
  return typeof price === 'number' && price > 0 && Boolean(image);
}
