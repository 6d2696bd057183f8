import type { AgentTeamOverview } from '@portal/contracts';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type uPlot from 'uplot';
import { formatDay, formatShortDay, localeOf, type MoneyFormat } from '../model/format';

type Day = AgentTeamOverview['days'][number];

const chartHeightPx = 260;
// Past this many days the points would crowd the lines; the lines alone carry the shape.
const pointsUpToDays = 31;

/** The chart's colours, read from the design tokens so it follows the dark and light themes. */
interface ChartTheme {
  axis: string;
  grid: string;
  validBet: string;
  profitLoss: string;
}

function readTheme(element: HTMLElement): ChartTheme {
  const style = getComputedStyle(element);
  const token = (name: string, fallback: string) => style.getPropertyValue(name).trim() || fallback;
  return {
    axis: token('--color-text-muted', '#888888'),
    grid: token('--color-border', '#cccccc'),
    validBet: token('--color-chart-1', '#5a3ed8'),
    profitLoss: token('--color-chart-2', '#b45309'),
  };
}

/** Every index when they fit, else an even spread of about `count` of them (always the first and last). */
function spreadIndexes(length: number, count: number): number[] {
  if (length <= count) return Array.from({ length }, (_, index) => index);
  const step = (length - 1) / (count - 1);
  return [...new Set(Array.from({ length: count }, (_, index) => Math.round(index * step)))];
}

function chartOptions(
  days: readonly Day[],
  labels: { validBet: string; profitLoss: string },
  theme: ChartTheme,
  language: string,
  widthPx: number,
): uPlot.Options {
  const axisFont = '12px system-ui, sans-serif';
  const compact = new Intl.NumberFormat(localeOf(language), {
    notation: 'compact',
    maximumFractionDigits: 1,
  });
  const showPoints = days.length <= pointsUpToDays;
  return {
    width: widthPx,
    height: chartHeightPx,
    legend: { show: false },
    cursor: { drag: { x: false, y: false } },
    scales: { x: { time: false } },
    series: [
      {},
      { label: labels.validBet, stroke: theme.validBet, width: 2, points: { show: showPoints } },
      { label: labels.profitLoss, stroke: theme.profitLoss, width: 2, points: { show: showPoints } },
    ],
    axes: [
      {
        stroke: theme.axis,
        font: axisFont,
        grid: { stroke: theme.grid, width: 1 },
        ticks: { stroke: theme.grid, width: 1 },
        splits: () => spreadIndexes(days.length, Math.max(2, Math.floor(widthPx / 90))),
        values: (_chart, splits) => splits.map((index) => formatShortDay(days[index]?.day ?? '', language)),
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
}

function chartData(days: readonly Day[]): uPlot.AlignedData {
  // Plotting only: the figures people read (table, cards) keep the server's exact decimal strings.
  return [
    days.map((_, index) => index),
    days.map((day) => Number(day.validBet)),
    days.map((day) => Number(day.profitLoss)),
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

/**
 * The team's valid bet and profit and loss per day, drawn by uPlot (loaded with this page only), with a
 * legend and, for screen readers, the same figures as a table. The canvas is decoration for them.
 */
export function TeamChart({ days, money }: { days: readonly Day[]; money: MoneyFormat }) {
  const { t, i18n } = useTranslation('agent');
  const frameRef = useRef<HTMLDivElement>(null);
  const themeVersion = useThemeVersion();
  const validBetLabel = t('agent.overview.validBet');
  const profitLossLabel = t('agent.overview.profitLoss');

  useEffect(() => {
    const frame = frameRef.current;
    // Without a canvas the legend and the table still carry every figure.
    if (!frame || days.length === 0 || !canDraw()) return undefined;
    let chart: uPlot | null = null;
    let cancelled = false;
    let resizeObserver: ResizeObserver | null = null;
    const widthOf = () => Math.max(280, Math.floor(frame.clientWidth || 600));
    Promise.all([import('uplot'), import('uplot/dist/uPlot.min.css')])
      .then(([{ default: UPlot }]) => {
        if (cancelled) return;
        const options = chartOptions(
          days,
          { validBet: validBetLabel, profitLoss: profitLossLabel },
          readTheme(frame),
          i18n.language,
          widthOf(),
        );
        chart = new UPlot(options, chartData(days), frame);
        if (typeof ResizeObserver === 'function') {
          resizeObserver = new ResizeObserver(() =>
            chart?.setSize({ width: widthOf(), height: chartHeightPx }),
          );
          resizeObserver.observe(frame);
        }
      })
      .catch((error: unknown) => {
        // Without a canvas (or the chunk) the legend and the table still carry every figure.
        console.warn('The team chart could not be drawn', error);
      });
    return () => {
      cancelled = true;
      resizeObserver?.disconnect();
      chart?.destroy();
    };
  }, [days, validBetLabel, profitLossLabel, i18n.language, themeVersion]);

  return (
    <figure className="agent-chart" aria-labelledby="agent-chart-title">
      <figcaption id="agent-chart-title" className="agent-chart__title">
        {t('agent.overview.chartTitle')}
      </figcaption>
      <ul className="agent-chart__legend">
        <li>
          <span className="agent-chart__swatch agent-chart__swatch--valid-bet" aria-hidden="true" />
          {validBetLabel}
        </li>
        <li>
          <span className="agent-chart__swatch agent-chart__swatch--profit-loss" aria-hidden="true" />
          {profitLossLabel}
        </li>
      </ul>
      <div ref={frameRef} className="agent-chart__canvas" aria-hidden="true" />
      {/* Hidden in a box: a table ignores the width and overflow that hide other elements. */}
      <div className="visually-hidden">
        <table>
          <caption>{t('agent.overview.chartTable')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('agent.overview.day')}</th>
              <th scope="col">{validBetLabel}</th>
              <th scope="col">{profitLossLabel}</th>
            </tr>
          </thead>
          <tbody>
            {days.map((day) => (
              <tr key={day.day}>
                <th scope="row">{formatDay(day.day, i18n.language)}</th>
                <td>{money(day.validBet)}</td>
                <td>{money(day.profitLoss)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
