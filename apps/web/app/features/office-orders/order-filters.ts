import { useSearchParams } from 'react-router';

/** The order list's filters, by the names the address and the server give them. */
export const FILTER_NAMES = ['status', 'order_no', 'email', 'placed_from', 'placed_to', 'amount_min', 'amount_max'] as const;

/** The list's filters, read from and written to the address, so a filtered list can be shared and reloaded. */
export function useOrderFilters() {
  const [params, setParams] = useSearchParams();
  const filters = {
    status: Number(params.get('status') ?? 0) || 0,
    order_no: params.get('order_no') ?? '',
    email: params.get('email') ?? '',
    placed_from: params.get('placed_from') ?? '',
    placed_to: params.get('placed_to') ?? '',
    amount_min: params.get('amount_min') ?? '',
    amount_max: params.get('amount_max') ?? '',
    page: Math.max(1, Number(params.get('page') ?? 1) || 1),
  };
  const hrefFor = (page: number) => {
    const next = new URLSearchParams(params);
    next.set('page', String(page));
    return `?${next.toString()}`;
  };
  return { filters, setParams, hrefFor };
}

export type OrderFilters = ReturnType<typeof useOrderFilters>['filters'];

/** The server's query for the filters: empty ones left out (status 0 is every status). */
export const filterQuery = (filters: OrderFilters) => ({
  status: filters.status,
  order_no: filters.order_no || undefined,
  email: filters.email || undefined,
  placed_from: filters.placed_from || undefined,
  placed_to: filters.placed_to || undefined,
  amount_min: filters.amount_min || undefined,
  amount_max: filters.amount_max || undefined,
});

/** The address's search for a submitted filter form: the filled filters only (status 0 is none). */
export function filterSearch(form: FormData): URLSearchParams {
  const next = new URLSearchParams();
  for (const name of FILTER_NAMES) {
    const value = String(form.get(name) ?? '').trim();
    if (value && value !== '0') next.set(name, value);
  }
  return next;
}

/** The export's search: the list's filters, without the empty ones. */
export function exportSearch(filter: ReturnType<typeof filterQuery>): URLSearchParams {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(filter)) if (value !== undefined && value !== 0) search.set(name, String(value));
  return search;
}

/** The ranges the server refuses, caught before asking: each beside its field. */
export function rangeErrors(next: URLSearchParams): Record<string, string> {
  const errors: Record<string, string> = {};
  const from = next.get('placed_from');
  const to = next.get('placed_to');
  if (from && to && from > to) errors.placed_to = 'The last day must not be before the first';
  const min = next.get('amount_min');
  const max = next.get('amount_max');
  for (const [name, value] of [
    ['amount_min', min],
    ['amount_max', max],
  ] as const) {
    if (value !== null && !(Number(value) >= 0)) errors[name] = 'Enter an amount of 0 or more';
  }
  if (min && max && !errors.amount_min && !errors.amount_max && Number(min) > Number(max))
    errors.amount_max = 'The highest total must not be below the lowest';
  return errors;
}
