import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

export type TimeSeries = {
  label: string;
  /** one value per day of `days`; null leaves a gap */
  values: (number | null)[];
  color: string;
  /** the bars' fill, when not `color` */
  fill?: string;
  /** bars (the dashboard's sales) or a line with its points (the feedback's ratings) */
  kind: 'bars' | 'line';
  /** a dashed line, so two series differ by more than their colour */
  dash?: number[];
};

/**
 * A time chart drawn by uPlot (decision 0042), loaded only with a page's chart. Days are UTC days
 * (YYYY-MM-DD). The canvas is a picture for the eye: each page shows the same figures in a table
 * for screen readers, so the chart is hidden from them.
 */
export default function TimeChart({
  days,
  series,
  format,
  range,
  height = 220,
  name,
}: {
  days: string[];
  series: TimeSeries[];
  format: (value: number) => string;
  /** the value axis: from 0 to a little above the largest value unless given */
  range?: [number, number];
  height?: number;
  /** `data-chart`, for tests */
  name: string;
}) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const x = days.map((day) => Date.parse(`${day}T00:00:00Z`) / 1000);
    const plot = new uPlot(
      {
        width: element.clientWidth,
        height,
        tzDate: (ts) => uPlot.tzDate(new Date(ts * 1000), 'Etc/UTC'),
        legend: { show: false },
        cursor: { drag: { x: false, y: false } },
        scales: {
          x: { time: true },
          y: { range: range ? () => range : (_u, _min, max) => [0, Math.max(10, (max ?? 0) * 1.1)] },
        },
        axes: [
          { stroke: '#374151', grid: { show: false } },
          { stroke: '#374151', values: (_u, splits) => splits.map((value) => format(value)), size: 70 },
        ],
        series: [
          {},
          ...series.map((line) =>
            line.kind === 'bars'
              ? {
                  label: line.label,
                  fill: line.fill ?? line.color,
                  stroke: line.color,
                  paths: uPlot.paths.bars?.({ size: [0.7, 24] }),
                  points: { show: false },
                }
              : { label: line.label, stroke: line.color, width: 2, dash: line.dash, points: { show: true, size: 6 } },
          ),
        ],
      },
      [x, ...series.map((line) => line.values)],
      element,
    );
    const resize = new ResizeObserver(() => plot.setSize({ width: element.clientWidth, height }));
    resize.observe(element);
    return () => {
      resize.disconnect();
      plot.destroy();
    };
  }, [days, series, format, range, height]);
  return <div ref={box} aria-hidden="true" className="w-full" data-chart={name} />;
}
