'use client';

import { useEffect, useRef } from 'react';
import 'uplot/dist/uPlot.min.css';
import { SERVICE_TIME_ZONE, formatDate } from '@/lib/format';

// One chart of values per day, drawn by uPlot (a kept chart library of some 50 KB, loaded only
// here: the back office's dashboard, never a public page). The figures are also in the table
// under the charts, which is what screen readers get; the canvas is decoration for them.

export interface TDaySeries {
  label: string;
  values: number[];
  color: string;
  /** bars instead of a line */
  bars?: boolean;
}

/** Unix seconds of each day's noon in UTC+8 (uPlot's time axis), from YYYY-MM-DD. */
export function dayTimes(days: readonly string[]): number[] {
  return days.map((day) => Date.parse(`${day}T04:00:00.000Z`) / 1000);
}

/** What uPlot draws: the days' times, then each series' values. */
export function chartData(days: readonly string[], series: readonly TDaySeries[]): [number[], ...number[][]] {
  return [dayTimes(days), ...series.map((item) => item.values)];
}

/** Tick steps of a count axis: whole numbers only. */
const WHOLE_STEPS = [1, 2, 5, 10, 20, 50, 100, 200, 500, 1_000, 2_000, 5_000, 10_000, 20_000, 50_000, 100_000, 1_000_000];

/** A day of the chart (unix seconds) as the staff member writes it (2026年12月2日, Dec 2, 2026): a business day, in UTC+8. */
export function dayFormatter(locale: string): (seconds: number) => string {
  return (seconds) => formatDate(new Date(seconds * 1000).toISOString(), locale, 'medium', SERVICE_TIME_ZONE);
}

/**
 * `dayLabel` names the time series in the legend (uPlot's own word is an English "Time"), and
 * the axis and the legend write the days in `locale`.
 */
export function DayChart({
  days,
  series,
  format,
  dayLabel,
  locale,
  whole = false,
  testId,
}: {
  days: readonly string[];
  series: TDaySeries[];
  format: (value: number) => string;
  dayLabel: string;
  locale: string;
  /** counts: ticks at whole numbers only (never 0, 0, 1, 1) */ whole?: boolean;
  testId: string;
}) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    let chart: { destroy(): void; setSize(size: { width: number; height: number }): void } | undefined;
    let cancelled = false;
    const observer = new ResizeObserver(() => chart?.setSize({ width: element.clientWidth, height: 240 }));
    void import('uplot').then(({ default: UPlot }) => {
      if (cancelled) return;
      const bars = UPlot.paths.bars?.({ size: [0.6, 24] });
      const day = dayFormatter(locale);
      chart = new UPlot(
        {
          width: element.clientWidth,
          height: 240,
          tzDate: (ts) => UPlot.tzDate(new Date(ts * 1000), 'Asia/Shanghai'),
          legend: { show: true },
          cursor: { drag: { x: false, y: false } },
          scales: { x: { time: true } },
          axes: [
            { values: (_u, ticks) => ticks.map((seconds) => day(seconds)), space: 110 },
            { values: (_u, ticks) => ticks.map((value) => format(value)), size: 72, ...(whole ? { incrs: WHOLE_STEPS } : {}) },
          ],
          series: [
            { label: dayLabel, value: (_u: unknown, seconds: number | null) => (seconds === null ? '—' : day(seconds)) },
            ...series.map((item) => ({
              label: item.label,
              stroke: item.color,
              width: 2,
              ...(item.bars && bars ? { paths: bars, fill: `${item.color}55` } : {}),
              value: (_u: unknown, value: number | null) => (value === null ? '—' : format(value)),
            })),
          ],
        },
        chartData(days, series),
        element,
      );
      observer.observe(element);
    });
    return () => {
      cancelled = true;
      observer.disconnect();
      chart?.destroy();
    };
  }, [days, series, format, dayLabel, locale, whole]);
  return <div ref={box} className="w-full min-w-0" data-testid={testId} aria-hidden="true" />;
}
