/**
 * Astro renders a site's pages on one thread, so a big site's build splits its per-car pages
 * across processes, one per core (scripts/lib/build-tenant.ts sets BUILD_SHARD="<index>/<count>"
 * for each). Every shard renders its share of the cars; only the first renders the other
 * dynamic routes (search, models, locations...). Pages without parameters are rendered by every
 * shard and the first shard's copy is kept.
 */
export interface Shard {
  index: number;
  count: number;
}

export function currentShard(env: Record<string, string | undefined> = process.env): Shard {
  if (!env.BUILD_SHARD) return { index: 0, count: 1 };
  const match = /^(\d+)\/(\d+)$/.exec(env.BUILD_SHARD);
  const index = Number(match?.[1]);
  const count = Number(match?.[2]);
  if (!match || count < 1 || index >= count) throw new Error(`BUILD_SHARD=${env.BUILD_SHARD}: expected <index>/<count> with index < count`);
  return { index, count };
}

/** This shard's share of `items`: every count-th one, starting at its index. */
export function inShard<T>(items: readonly T[], shard: Shard = currentShard()): T[] {
  return shard.count === 1 ? [...items] : items.filter((_, position) => position % shard.count === shard.index);
}

export function isFirstShard(shard: Shard = currentShard()): boolean {
  return shard.index === 0;
}

/** Routes that are not per car are the first shard's alone. */
export function firstShardOnly<T>(items: readonly T[], shard: Shard = currentShard()): T[] {
  return isFirstShard(shard) ? [...items] : [];
}
