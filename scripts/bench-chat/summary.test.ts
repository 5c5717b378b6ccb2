import { afterEach, describe, expect, it, vi } from 'vitest';
import { printSummary } from './summary.mjs';

const run = {
  instances: 1,
  database: 'sqlite',
  conversations: 200,
  seconds: 20,
  delivered_per_s: 400,
  latency_ms: { p50_ms: 3, p95_ms: 9, p99_ms: 60, max_ms: 80 },
  lost: 0,
  unacknowledged: 1,
  duplicated: 0,
  error_pushes: 0,
  closed_by_server: 0,
  bars: {
    p99_ms: { bar: 50, pass: false },
    lost: { pass: false },
    duplicated: { pass: true },
    at_bar_size: false,
  },
};

afterEach(() => {
  vi.restoreAllMocks();
});

describe('the chat benchmark’s summary', () => {
  it('says each run against its bars, and why a run did not happen', () => {
    const lines: string[] = [];
    vi.spyOn(console, 'log').mockImplementation((line: string) => lines.push(line));
    printSummary({ fanout: [run], scale_out: { not_run: 'Redis at redis://x did not answer' } });
    expect(lines[1]).toBe(
      '  fan-out 200 conversations × 20 s (sqlite): 400 msg/s delivered; p50 3 p95 9 p99 60 max 80 ms [p99 ≤ 50 ms: FAIL]; ' +
        'lost 0+1 unacknowledged [FAIL]; duplicated 0 [pass]; error pushes 0; closed by the server 0 (below the bar size of 2000)',
    );
    expect(lines[2]).toBe('  fan-out on two servers: not run (Redis at redis://x did not answer)');
    expect(lines).toHaveLength(4);
  });
});
