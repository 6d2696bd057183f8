import { useEffect, useRef, useState } from 'react';
import type uPlot from 'uplot';

const chartHeightPx = 260;
// Past this many points the markers would crowd the lines; the lines alone carry the shape.
const pointsUpTo = 31;

/** One series: its label and a number per point (plotting only; tables keep the exact amounts). */
export interface ChartSeries {
  label: string;
  values: readonly number[];
}

/** The chart's colours, read from the theme's tokens so it follows the dark and light themes. */
function readTheme(element: HTMLElement) {
  const style = getComputedStyle(element);
  const token = (name: string, fallback: string) => style.getPropertyValue(name).trim() || fallback;
  return {
    axis: token('--color-text-muted', '#888888'),
    grid: token('--color-border', '#cccccc'),
    series: [token('--color-chart-1', '#5a3ed8'), token('--color-chart-2', '#b45309')],
  };
}

/** Every index when they fit, else an even spread of about `count` of them (always the first and last). */
function spreadIndexes(length: number, count: number): number[] {
  if (length <= count) return Array.from({ length }, (_, index) => index);
  const step = (length - 1) / (count - 1);
  return [...new Set(Array.from({ length: count }, (_, index) => Math.round(index * step)))];
}

/** Whether this browser draws on a canvas (some privacy settings, and test DOMs, give no 2D context). */
function canDraw(): boolean {
  try {
    return document.createElement('canvas').getContext('2d') !== null;
  } catch {
    return false;
  }
}

/** A number that changes whenever the document's theme (data-theme on <html>) switches. */
function useThemeVersion(): number {
  const [version, setVersion] = useState(0);
  useEffect(() => {
    const observer = new MutationObserver(() => setVersion((current) => current + 1));
    observer.observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme'] });
    return () => observer.disconnect();
  }, []);
  return version;
}

interface ReportChartProps {
  kind: 'lines' | 'bars';
  /** The x axis: a label per point (days or vendor names), in order. */
  labels: readonly string[];
  series: readonly ChartSeries[];
  locale: string;
}

/**
 * A report's chart drawn by uPlot (its chunk loads with this section only), in the theme's chart colours.
 * The canvas is decoration for assistive tech (aria-hidden): the report's table beside it carries every
 * figure, and the legend names the series.
 */
export function ReportChart({ kind, labels, series, locale }: ReportChartProps) {
  const frameRef = useRef<HTMLDivElement>(null);
  const themeVersion = useThemeVersion();
  const [drawn, setDrawn] = useState(false);
  // Redrawn when what it shows changes, not on every render of the report (new arrays, same figures).
  const shown = JSON.stringify([kind, labels, series, locale]);

  useEffect(() => {
    const frame = frameRef.current;
    const [kind, labels, series, locale] = JSON.parse(shown) as [
      ReportChartProps['kind'],
      string[],
      ChartSeries[],
      string,
    ];
    if (!frame || labels.length === 0 || !canDraw()) return undefined;
    let chart: uPlot | null = null;
    let cancelled = false;
    let resizeObserver: ResizeObserver | null = null;
    const widthOf = () => Math.max(280, Math.floor(frame.clientWidth || 600));
    Promise.all([import('uplot'), import('uplot/dist/uPlot.min.css')])
      .then(([{ default: UPlot }]) => {
        if (cancelled) return;
        const theme = readTheme(frame);
        const compact = new Intl.NumberFormat(locale, { notation: 'compact', maximumFractionDigits: 1 });
        const axisFont = '12px system-ui, sans-serif';
        const width = widthOf();
        const bars = kind === 'bars' ? UPlot.paths.bars?.({ size: [0.6, 64] }) : undefined;
        const options: uPlot.Options = {
          width,
          height: chartHeightPx,
          legend: { show: false },
          cursor: { drag: { x: false, y: false } },
          scales: {
            x: {
              time: false,
              ...(kind === 'bars' ? { range: (_u, min, max) => [min - 0.5, max + 0.5] } : {}),
            },
          },
          series: [
            {},
            ...series.map((one, index) => ({
              label: one.label,
              stroke: theme.series[index % theme.series.length],
              width: 2,
              ...(bars ? { paths: bars, fill: theme.series[index % theme.series.length] } : {}),
              points: { show: kind === 'lines' && labels.length <= pointsUpTo },
            })),
          ],
          axes: [
            {
              stroke: theme.axis,
              font: axisFont,
              grid: { stroke: theme.grid, width: 1 },
              ticks: { stroke: theme.grid, width: 1 },
              splits: () => spreadIndexes(labels.length, Math.max(2, Math.floor(width / 90))),
              values: (_chart, splits) => splits.map((index) => labels[index] ?? ''),
            },
            {
              stroke: theme.axis,
              font: axisFont,
              size: 64,
              grid: { stroke: theme.grid, width: 1 },
              ticks: { stroke: theme.grid, width: 1 },
              values: (_chart, splits) => splits.map((value) => compact.format(value)),
            },
          ],
        };
        const data: uPlot.AlignedData = [
          labels.map((_, index) => index),
          ...series.map((one) => [...one.values]),
        ];
        chart = new UPlot(options, data, frame);
        setDrawn(true);
        if (typeof ResizeObserver === 'function') {
          resizeObserver = new ResizeObserver(() =>
            chart?.setSize({ width: widthOf(), height: chartHeightPx }),
          );
          resizeObserver.observe(frame);
        }
      })
      .catch((error: unknown) => {
        // Without a canvas (or the chunk) the table still carries every figure.
        console.warn('The report chart could not be drawn', error);
      });
    return () => {
      cancelled = true;
      resizeObserver?.disconnect();
      chart?.destroy();
    };
  }, [shown, themeVersion]);

  return (
    <div className="ops-reports__chart">
      <ul className="ops-reports__legend">
        {series.map((one, index) => (
          <li key={one.label}>
            <span className={`ops-reports__swatch ops-reports__swatch--${index + 1}`} aria-hidden="true" />
            {one.label}
          </li>
        ))}
      </ul>
      <div ref={frameRef} className="ops-reports__canvas" aria-hidden="true" data-drawn={drawn} />
    </div>
  );
}
