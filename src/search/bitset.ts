/**
 * Sets of document numbers as bit arrays (32 documents per word): an AND, an OR or a count over
 * 5,000 cars is 157 word operations, which is what keeps a search query under a millisecond.
 */
export type Bitset = Uint32Array;

export function emptySet(size: number): Bitset {
  return new Uint32Array((size + 31) >>> 5);
}

/** Every document 0..size-1. */
export function fullSet(size: number): Bitset {
  const set = emptySet(size);
  set.fill(0xffffffff);
  const spare = set.length * 32 - size;
  if (spare > 0) set[set.length - 1] = 0xffffffff >>> spare;
  return set;
}

export function add(set: Bitset, doc: number): void {
  set[doc >>> 5]! |= 1 << (doc & 31);
}

export function has(set: Bitset, doc: number): boolean {
  return (set[doc >>> 5]! & (1 << (doc & 31))) !== 0;
}

/** target &= other, in place. */
export function andInto(target: Bitset, other: Bitset): void {
  for (let i = 0; i < target.length; i++) target[i]! &= other[i]!;
}

/** target |= other, in place. */
export function orInto(target: Bitset, other: Bitset): void {
  for (let i = 0; i < target.length; i++) target[i]! |= other[i]!;
}

/** The documents 0..size-1 not in the set. */
export function complement(set: Bitset, size: number): Bitset {
  const result = fullSet(size);
  for (let i = 0; i < result.length; i++) result[i]! &= ~set[i]!;
  return result;
}

function bitCount(word: number): number {
  word -= (word >>> 1) & 0x55555555;
  word = (word & 0x33333333) + ((word >>> 2) & 0x33333333);
  return (Math.imul((word + (word >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24) as number;
}

export function count(set: Bitset): number {
  let total = 0;
  for (let i = 0; i < set.length; i++) if (set[i]) total += bitCount(set[i]!);
  return total;
}

/** Calls visit(doc) for every member, in ascending order. */
export function forEach(set: Bitset, visit: (doc: number) => void): void {
  for (let i = 0; i < set.length; i++) {
    let word = set[i]!;
    while (word !== 0) {
      const low = word & -word;
      visit((i << 5) + 31 - Math.clz32(low));
      word ^= low;
    }
  }
}
