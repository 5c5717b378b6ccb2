import { ORDER_STATUS_TABS } from '@shop/contracts/orders-rules';
import type { FormEvent } from 'react';
import { Button } from '../../components/ui/button';
import { Field, SelectField } from '../../components/ui/field';
import type { OrderFilters } from './order-filters';

/** A money filter's input: dollars and cents, never below 0. */
const amountInput = { type: 'number', inputMode: 'decimal', min: 0, step: 0.01 } as const;

/**
 * The order list's filters: status, number, shopper, the days placed and the total's range. Each
 * field starts from the address (and follows it, by its key); a refused range shows beside its field.
 */
export function OrderFilterForm({
  filters,
  errors,
  onSubmit,
}: {
  filters: OrderFilters;
  errors: Record<string, string>;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
}) {
  return (
    <form
      onSubmit={onSubmit}
      noValidate
      className="mt-4 grid gap-3 rounded-lg border border-gray-200 bg-white p-4 sm:grid-cols-2 lg:grid-cols-4"
      aria-label="Filter the orders"
    >
      <SelectField label="Status" name="status" defaultValue={String(filters.status)} key={`s${filters.status}`}>
        {ORDER_STATUS_TABS.map((tab) => (
          <option key={tab.status} value={tab.status}>
            {tab.label}
          </option>
        ))}
      </SelectField>
      <Field label="Order number" name="order_no" defaultValue={filters.order_no} key={`o${filters.order_no}`} />
      <Field label="Shopper e-mail" name="email" type="search" defaultValue={filters.email} key={`e${filters.email}`} />
      <Field
        label="Placed from"
        name="placed_from"
        type="date"
        defaultValue={filters.placed_from}
        key={`f${filters.placed_from}`}
      />
      <Field
        label="Placed to"
        name="placed_to"
        type="date"
        defaultValue={filters.placed_to}
        key={`t${filters.placed_to}`}
        error={errors.placed_to}
      />
      <Field
        label="Total from (USD)"
        name="amount_min"
        {...amountInput}
        defaultValue={filters.amount_min}
        key={`n${filters.amount_min}`}
        error={errors.amount_min}
      />
      <Field
        label="Total to (USD)"
        name="amount_max"
        {...amountInput}
        defaultValue={filters.amount_max}
        key={`x${filters.amount_max}`}
        error={errors.amount_max}
      />
      <div className="flex items-end">
        <Button type="submit" className="w-full">
          Filter
        </Button>
      </div>
    </form>
  );
}
