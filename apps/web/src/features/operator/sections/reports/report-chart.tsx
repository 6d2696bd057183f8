import { useCallback, useRef } from 'react';
import type uPlot from 'uplot';
import {
  chartAxes,
  chartHeightPx,
  useUplotChart,
  type ChartBuild,
} from '../../../../components/ui/uplot-chart';

// Past this many points the markers would crowd the lines; the lines alone carry the shape.
const pointsUpTo = 31;

/** One series: its label and a number per point (plotting only; tables keep the exact amounts). */
export interface ChartSeries {
  label: string;
  values: readonly number[];
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
  // Redrawn when what it shows changes, not on every render of the report (new arrays, same figures).
  const shown = JSON.stringify([kind, labels, series, locale]);
  const build = useCallback<ChartBuild>(
    (UPlot, theme, width) => {
      const [kind, labels, series, locale] = JSON.parse(shown) as [
        ReportChartProps['kind'],
        string[],
        ChartSeries[],
        string,
      ];
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
        axes: chartAxes(theme, {
          count: labels.length,
          widthPx: width,
          labelOf: (index) => labels[index] ?? '',
          locale,
        }),
      };
      return { options, data: [labels.map((_, index) => index), ...series.map((one) => [...one.values])] };
    },
    [shown],
  );
  const drawn = useUplotChart(frameRef, labels.length > 0 ? build : null, 'report chart');

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
