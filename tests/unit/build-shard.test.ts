import { describe, expect, it } from 'vitest';
import { currentShard, firstShardOnly, inShard, isFirstShard } from '../../src/site/shard';

describe('build shards (src/site/shard.ts)', () => {
  it('reads BUILD_SHARD as <index>/<count>, one shard when unset', () => {
    expect(currentShard({})).toEqual({ index: 0, count: 1 });
    expect(currentShard({ BUILD_SHARD: '1/2' })).toEqual({ index: 1, count: 2 });
  });

  it.each(['2/2', '0/0', 'a/2', '1'])('refuses BUILD_SHARD=%s with a message naming it', (value) => {
    expect(() => currentShard({ BUILD_SHARD: value })).toThrow(`BUILD_SHARD=${value}: expected <index>/<count>`);
  });

  it('splits the cars so every car is built exactly once, in one shard, and the shares are even', () => {
    const cars = Array.from({ length: 1001 }, (_, id) => ({ id }));
    const shares = [0, 1].map((index) => inShard(cars, { index, count: 2 }));
    expect(shares.map((share) => share.length)).toEqual([501, 500]);
    const ids = shares.flat().map((car) => car.id);
    expect(new Set(ids).size).toBe(cars.length);
    expect(ids.sort((a, b) => a - b)).toEqual(cars.map((car) => car.id));
  });

  it('gives the other routes to the first shard only', () => {
    expect(firstShardOnly(['a', 'b'], { index: 0, count: 2 })).toEqual(['a', 'b']);
    expect(firstShardOnly(['a', 'b'], { index: 1, count: 2 })).toEqual([]);
    expect(isFirstShard({ index: 0, count: 1 })).toBe(true);
    expect(inShard([1, 2, 3], { index: 0, count: 1 })).toEqual([1, 2, 3]);
  });
});
