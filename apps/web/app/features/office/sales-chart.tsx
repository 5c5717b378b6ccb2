import type { TDaySales } from '@shop/contracts/dashboard';
import { formatPrice } from '@shop/contracts/pricing';
import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

/**
 * Sales by day as bars (uPlot, decision 0042), loaded only with the dashboard's chart. The canvas is
 * a picture for the eye; the same figures are in the table beside it for screen readers.
 */
export default function SalesChart({ days }: { days: TDaySales[] }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const x = days.map((day) => Date.parse(`${day.day}T00:00:00Z`) / 1000);
    const plot = new uPlot(
      {
        width: element.clientWidth,
        height: 220,
        tzDate: (ts) => uPlot.tzDate(new Date(ts * 1000), 'Etc/UTC'),
        legend: { show: false },
        cursor: { drag: { x: false, y: false } },
        scales: { x: { time: true }, y: { range: (_u, _min, max) => [0, Math.max(10, max * 1.1)] } },
        axes: [
          { stroke: '#374151', grid: { show: false } },
          { stroke: '#374151', values: (_u, splits) => splits.map((value) => formatPrice(value)), size: 70 },
        ],
        series: [
          {},
          {
            label: 'Sales',
            fill: 'rgba(17, 24, 39, 0.85)',
            stroke: '#111827',
            paths: uPlot.paths.bars?.({ size: [0.7, 24] }),
            points: { show: false },
          },
        ],
      },
      [x, days.map((day) => day.sales)],
      element,
    );
    const resize = new ResizeObserver(() => plot.setSize({ width: element.clientWidth, height: 220 }));
    resize.observe(element);
    return () => {
      resize.disconnect();
      plot.destroy();
    };
  }, [days]);
  return <div ref={box} aria-hidden="true" className="w-full" data-chart="sales" />;
}
