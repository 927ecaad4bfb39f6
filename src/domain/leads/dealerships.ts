/** SPEC 5: the dealership autocomplete filters by case-insensitive substring of the name. */
export function filterDealerships<T extends { dealership_name: string }>(
  options: T[],
  query: string,
): T[] {
  const needle = query.trim().toLowerCase();
  if (!needle) return [];
  return options.filter((option) => option.dealership_name.toLowerCase().includes(needle));
}

/** One option per dealership (its first sales location), sorted by name, from the site's locations. */
export function dealershipOptions(
  locations: {
    id: string | number;
    name: string;
    location_type?: string;
    dealership?: { id: string | number; slug: string; name?: string } | null;
  }[],
): {
  dealership_name: string;
  location_id: string;
  dealership_id: string;
  dealership_slug: string;
}[] {
  const bySlug = new Map<
    string,
    { dealership_name: string; location_id: string; dealership_id: string; dealership_slug: string }
  >();
  for (const location of locations) {
    if (!location.dealership || bySlug.has(location.dealership.slug)) continue;
    if (
      location.location_type &&
      location.location_type !== 'sales' &&
      locations.some(
        (other) =>
          other.dealership?.slug === location.dealership?.slug && other.location_type === 'sales',
      )
    )
      continue;
    bySlug.set(location.dealership.slug, {
      dealership_name:
        location.dealership.name ?? location.name.replace(/ - (Sales|Service|Parts)$/, ''),
      location_id: String(location.id),
      dealership_id: String(location.dealership.id),
      dealership_slug: location.dealership.slug,
    });
  }
  return [...bySlug.values()].sort((a, b) => a.dealership_name.localeCompare(b.dealership_name));
}
