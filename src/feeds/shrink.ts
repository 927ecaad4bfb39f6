/** What one read of a cars feed gave, as the shrink guard needs it. */
export interface CarsFeedCounts {
  /** Records in the feed, valid or not. */
  records: number;
  /** Records left out as invalid. */
  invalid: number;
  /** Cars the site lists from it. */
  listed: number;
}

/**
 * Why a cars feed looks broken rather than changed: it is empty, more than half its records are
 * invalid, or the site would list fewer than half the cars of its last build (`previousListed`,
 * when there was one). A feed that failed upstream usually looks like one of these, and building
 * from it would replace a whole live site with a near-empty one. Undefined when it looks fine.
 */
export function carsFeedShrinkProblem(
  counts: CarsFeedCounts,
  previousListed?: number,
): string | undefined {
  if (counts.records === 0) return 'the feed has no records';
  if (counts.invalid * 2 > counts.records)
    return `${counts.invalid} of its ${counts.records} records are invalid (more than half)`;
  if (previousListed !== undefined && counts.listed * 2 < previousListed)
    return `it lists ${counts.listed} cars, down from ${previousListed} at the last build (more than half gone)`;
  return undefined;
}
