/** "Mercedes-Benz" -> "mercedes-benz", "LandCruiser 300" -> "landcruiser-300", "Cab Chassis" -> "cab-chassis". */
export function slugify(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}
