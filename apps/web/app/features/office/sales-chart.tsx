import type { TDaySales } from '@shop/contracts/dashboard';
import { formatPrice } from '@shop/contracts/pricing';
import { useMemo } from 'react';
import TimeChart from '../../components/office/time-chart';

/**
 * Sales by day as bars (uPlot, decision 0042), loaded only with the dashboard's chart. The canvas is
 * a picture for the eye; the same figures are in the table beside it for screen readers.
 */
export default function SalesChart({ days }: { days: TDaySales[] }) {
  const [labels, series] = useMemo(
    () => [
      days.map((day) => day.day),
      [
        {
          label: 'Sales',
          values: days.map((day) => day.sales),
          color: '#111827',
          fill: 'rgba(17, 24, 39, 0.85)',
          kind: 'bars' as const,
        },
      ],
    ],
    [days],
  );
  return <TimeChart name="sales" days={labels} series={series} format={formatPrice} />;
}
