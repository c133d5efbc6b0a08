import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { formatCents } from '../../../shared/domain/money.js';
import type { SalesDay } from '../../../shared/domain/sales-report.js';

const HEIGHT = 260;

/**
 * Revenue (bars, left axis) and paid orders (line, right axis) per UTC day. uPlot draws on a canvas:
 * small (about 50 KB) and fast, and loaded only with this chunk, when the dashboard opens.
 */
export default function SalesChart({ days }: { days: SalesDay[] }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const data: uPlot.AlignedData = [
      days.map((d) => Date.parse(`${d.day}T00:00:00Z`) / 1000),
      days.map((d) => d.revenueCents / 100),
      days.map((d) => d.orders),
    ];
    const chart = new uPlot(
      {
        width: element.clientWidth || 600,
        height: HEIGHT,
        tzDate: (ts) => uPlot.tzDate(new Date(ts * 1000), 'Etc/UTC'),
        scales: { x: { time: true }, orders: { range: (_u, _min, max) => [0, Math.max(1, max)] } },
        series: [
          {},
          {
            label: 'Revenue',
            stroke: '#0f766e',
            fill: 'rgba(15, 118, 110, 0.35)',
            paths: uPlot.paths.bars?.({ size: [0.6, 40] }),
            value: (_u, v) => (v == null ? '—' : formatCents(Math.round(v * 100))),
          },
          { label: 'Orders', stroke: '#1e3a8a', width: 2, scale: 'orders' },
        ],
        axes: [
          {},
          { values: (_u, ticks) => ticks.map((t) => `$${t}`), size: 60 },
          // Whole orders only on the right axis.
          {
            side: 1,
            scale: 'orders',
            grid: { show: false },
            incrs: [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000],
          },
        ],
      },
      data,
      element,
    );
    const resize = new ResizeObserver(() => chart.setSize({ width: element.clientWidth, height: HEIGHT }));
    resize.observe(element);
    return () => {
      resize.disconnect();
      chart.destroy();
    };
  }, [days]);
  return <div ref={box} data-testid="sales-chart" aria-hidden="true" className="min-h-[300px]" />;
}
