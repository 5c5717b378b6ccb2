import { describe, expect, it } from 'vitest';
import { dayStart, inboxQuery } from './feedback-inbox';

describe('the feedback inbox’s request', () => {
  it('reads a day field as the start of that UTC day', () => {
    expect(dayStart('2026-11-27')).toBe(Date.UTC(2026, 10, 27));
    expect(dayStart('27/11/2026')).toBeUndefined();
    expect(dayStart(null)).toBeUndefined();
  });

  it('takes the filters from the address, the "until" day included whole', () => {
    const query = inboxQuery(
      new URLSearchParams({ q: 'sizes', from: '2026-11-01', to: '2026-11-27', rating_max: '2', page: '3' }),
    );
    expect(query).toEqual({
      page: 3,
      page_size: 20,
      keyword: 'sizes',
      from: Date.UTC(2026, 10, 1),
      to: Date.UTC(2026, 10, 28),
      rating_max: 2,
    });
  });

  it('leaves out what is empty or out of range', () => {
    expect(inboxQuery(new URLSearchParams({ rating_max: '5', page: 'x' }))).toEqual({
      page: 1,
      page_size: 20,
      keyword: undefined,
      from: undefined,
      to: undefined,
      rating_max: undefined,
    });
  });
});
