import { useEffect, useState, type RefObject } from 'react';
import type uPlot from 'uplot';

/**
 * What the uPlot charts share (the agent team chart, the operator reports): theme colours, axes, and the
 * drawing hook that loads uPlot on demand, follows the frame's width and the dark or light theme. Only
 * lazily loaded pages import this module, and uPlot itself loads when a chart first draws, so neither
 * weighs on the home page's first load.
 */

export const chartHeightPx = 260;

/** The chart's colours, read from the theme's tokens so it follows the dark and light themes. */
export interface ChartTheme {
  axis: string;
  grid: string;
  /** One colour per series, in order (--color-chart-1, --color-chart-2). */
  series: string[];
}

export function readChartTheme(element: HTMLElement): ChartTheme {
  const style = getComputedStyle(element);
  const token = (name: string, fallback: string) => style.getPropertyValue(name).trim() || fallback;
  return {
    axis: token('--color-text-muted', '#888888'),
    grid: token('--color-border', '#cccccc'),
    series: [token('--color-chart-1', '#5a3ed8'), token('--color-chart-2', '#b45309')],
  };
}

/** Every index when they fit, else an even spread of about `count` of them (always the first and last). */
export function spreadIndexes(length: number, count: number): number[] {
  if (length <= count) return Array.from({ length }, (_, index) => index);
  const step = (length - 1) / (count - 1);
  return [...new Set(Array.from({ length: count }, (_, index) => Math.round(index * step)))];
}

/**
 * The two axes: x with a label per point (about one every 90 px), y in compact numbers of `locale`
 * (e.g. 12K), both in the theme's colours.
 */
export function chartAxes(
  theme: ChartTheme,
  options: { count: number; widthPx: number; labelOf: (index: number) => string; locale: string },
): uPlot.Axis[] {
  const axisFont = '12px system-ui, sans-serif';
  const compact = new Intl.NumberFormat(options.locale, { notation: 'compact', maximumFractionDigits: 1 });
  return [
    {
      stroke: theme.axis,
      font: axisFont,
      grid: { stroke: theme.grid, width: 1 },
      ticks: { stroke: theme.grid, width: 1 },
      splits: () => spreadIndexes(options.count, Math.max(2, Math.floor(options.widthPx / 90))),
      values: (_chart, splits) => splits.map((index) => options.labelOf(index)),
    },
    {
      stroke: theme.axis,
      font: axisFont,
      size: 64,
      grid: { stroke: theme.grid, width: 1 },
      ticks: { stroke: theme.grid, width: 1 },
      values: (_chart, splits) => splits.map((value) => compact.format(value)),
    },
  ];
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

/** What a chart draws: built once uPlot has loaded, for the theme's colours and the frame's width. */
export type ChartBuild = (
  UPlot: typeof uPlot,
  theme: ChartTheme,
  widthPx: number,
) => { options: uPlot.Options; data: uPlot.AlignedData };

/**
 * Draws a uPlot chart in `frameRef` (loading uPlot and its CSS on first use) and redraws it when `build`
 * changes (memoise it on what the chart shows) or the theme switches; follows the frame's width. `build`
 * is null when there is nothing to draw. Without a canvas (or the chunk) nothing is drawn: the page's
 * legend and table carry every figure. Answers whether the chart is drawn.
 */
export function useUplotChart(
  frameRef: RefObject<HTMLDivElement | null>,
  build: ChartBuild | null,
  name: string,
): boolean {
  const themeVersion = useThemeVersion();
  const [drawn, setDrawn] = useState(false);

  useEffect(() => {
    const frame = frameRef.current;
    if (!frame || !build || !canDraw()) return undefined;
    let chart: uPlot | null = null;
    let cancelled = false;
    let resizeObserver: ResizeObserver | null = null;
    const widthOf = () => Math.max(280, Math.floor(frame.clientWidth || 600));
    Promise.all([import('uplot'), import('uplot/dist/uPlot.min.css')])
      .then(([{ default: UPlot }]) => {
        if (cancelled) return;
        const { options, data } = build(UPlot, readChartTheme(frame), widthOf());
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
        // Without a canvas (or the chunk) the page's table still carries every figure.
        console.warn(`The ${name} could not be drawn`, error);
      });
    return () => {
      cancelled = true;
      resizeObserver?.disconnect();
      chart?.destroy();
    };
  }, [frameRef, build, name, themeVersion]);

  return drawn;
}
