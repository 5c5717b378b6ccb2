import { describe, expect, it } from 'vitest';
import { exportSearch, filterQuery, filterSearch, rangeErrors } from './order-filters';

const form = (values: Record<string, string>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(values)) data.set(name, value);
  return data;
};

describe('filterSearch', () => {
  it('keeps the filled filters, trimmed, and leaves out status 0 and unknown names', () => {
    const search = filterSearch(form({ status: '0', email: ' anna@example.com ', order_no: '', other: 'x' }));
    expect(search.toString()).toBe('email=anna%40example.com');
    expect(filterSearch(form({ status: '3' })).toString()).toBe('status=3');
  });
});

describe('filterQuery and exportSearch', () => {
  const filters = {
    status: 0,
    order_no: '',
    email: 'anna@example.com',
    placed_from: '',
    placed_to: '',
    amount_min: '5',
    amount_max: '',
    page: 2,
  };

  it('asks the server for the filled filters only', () => {
    expect(filterQuery(filters)).toEqual({
      status: 0,
      order_no: undefined,
      email: 'anna@example.com',
      placed_from: undefined,
      placed_to: undefined,
      amount_min: '5',
      amount_max: undefined,
    });
  });

  it('exports with the same filters, status 0 left out', () => {
    expect(exportSearch(filterQuery(filters)).toString()).toBe('email=anna%40example.com&amount_min=5');
  });
});

describe('rangeErrors', () => {
  it('refuses a last day before the first', () => {
    expect(rangeErrors(new URLSearchParams('placed_from=2026-11-02&placed_to=2026-11-01'))).toEqual({
      placed_to: 'The last day must not be before the first',
    });
  });

  it('refuses a negative or unreadable amount beside its field', () => {
    expect(rangeErrors(new URLSearchParams('amount_min=-1&amount_max=abc'))).toEqual({
      amount_min: 'Enter an amount of 0 or more',
      amount_max: 'Enter an amount of 0 or more',
    });
  });

  it('refuses a highest total below the lowest, and takes a sound range', () => {
    expect(rangeErrors(new URLSearchParams('amount_min=50&amount_max=10'))).toEqual({
      amount_max: 'The highest total must not be below the lowest',
    });
    expect(rangeErrors(new URLSearchParams('amount_min=10&amount_max=50&placed_from=2026-11-01'))).toEqual({});
  });
});
