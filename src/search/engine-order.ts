import type { SearchDocument } from './document';
import { INDEX_NAME } from './state';

/**
 * The embedded engine's sort orders (./engine.ts): per sort, a permutation of document numbers,
 * built the first time a query asks for that sort. The default order is the tenant's custom rank,
 * then newest first; a sort by a number puts cars without one last, ties in the default order.
 */
export function createSortOrders(
  docs: SearchDocument[],
  numberColumn: (field: string) => Float64Array,
): (indexName: string) => Uint32Array {
  const size = docs.length;
  const orders = new Map<string, Uint32Array>();
  return function inOrder(indexName) {
    const key = indexName.includes(':') ? indexName : INDEX_NAME;
    let order = orders.get(key);
    if (order) return order;
    const rank = new Float64Array(size);
    const created = new Float64Array(size);
    docs.forEach((doc, index) => {
      rank[index] = (doc.custom_rank ?? 0) as number;
      created[index] = (doc.created_at ?? 0) as number;
    });
    const byRankIndex = (a: number, b: number) => rank[b]! - rank[a]! || created[b]! - created[a]!;
    const [, field, direction] = key.split(':');
    let compare = byRankIndex;
    if (field) {
      const values = numberColumn(field);
      const sign = direction === 'desc' ? -1 : 1;
      compare = (a, b) => {
        const left = values[a]!;
        const right = values[b]!;
        const leftMissing = Number.isNaN(left);
        const rightMissing = Number.isNaN(right);
        if (leftMissing || rightMissing)
          return (leftMissing ? 1 : 0) - (rightMissing ? 1 : 0) || byRankIndex(a, b);
        return (left - right) * sign || byRankIndex(a, b);
      };
    }
    // Array sort is stable: ties keep document order, as the documents came.
    order = Uint32Array.from(Array.from({ length: size }, (_, index) => index).sort(compare));
    orders.set(key, order);
    return order;
  };
}
