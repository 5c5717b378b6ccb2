import { describe, expect, it } from 'vitest';
import { latencySummary, memoryOf, percentile, round } from './process.mjs';

describe('the chat benchmark’s figures', () => {
  it('takes the nearest-rank percentile of sorted values, and none of no values', () => {
    const sorted = Float64Array.from([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(percentile(sorted, 50)).toBe(5);
    expect(percentile(sorted, 99)).toBe(10);
    expect(percentile(new Float64Array(), 50)).toBeNull();
  });

  it('sums latencies up in milliseconds to two places, whatever order they came in', () => {
    expect(latencySummary([3.333, 1, 2])).toEqual({ count: 3, p50_ms: 2, p95_ms: 3.33, p99_ms: 3.33, max_ms: 3.33 });
    expect(latencySummary([])).toEqual({ count: 0, p50_ms: null, p95_ms: null, p99_ms: null, max_ms: null });
    expect(round(Number.NaN)).toBeNull();
  });

  it('reads a process’s resident memory in MB', () => {
    const memory = memoryOf(process.pid);
    expect(memory.rss_mb).toBeGreaterThan(1);
    expect(memory.peak_rss_mb).toBeGreaterThanOrEqual(memory.rss_mb as number);
  });
});
