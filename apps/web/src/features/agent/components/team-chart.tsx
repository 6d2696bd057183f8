import type { AgentTeamOverview } from '@portal/contracts';
import { useCallback, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type uPlot from 'uplot';
import {
  chartAxes,
  chartHeightPx,
  useUplotChart,
  type ChartBuild,
  type ChartTheme,
} from '../../../components/ui/uplot-chart';
import { formatDay, formatShortDay, localeOf, type MoneyFormat } from '../model/format';

type Day = AgentTeamOverview['days'][number];

// Past this many days the points would crowd the lines; the lines alone carry the shape.
const pointsUpToDays = 31;

function chartOptions(
  days: readonly Day[],
  labels: { validBet: string; profitLoss: string },
  theme: ChartTheme,
  language: string,
  widthPx: number,
): uPlot.Options {
  const [validBet, profitLoss] = theme.series;
  const showPoints = days.length <= pointsUpToDays;
  return {
    width: widthPx,
    height: chartHeightPx,
    legend: { show: false },
    cursor: { drag: { x: false, y: false } },
    scales: { x: { time: false } },
    series: [
      {},
      { label: labels.validBet, stroke: validBet, width: 2, points: { show: showPoints } },
      { label: labels.profitLoss, stroke: profitLoss, width: 2, points: { show: showPoints } },
    ],
    axes: chartAxes(theme, {
      count: days.length,
      widthPx,
      labelOf: (index) => formatShortDay(days[index]?.day ?? '', language),
      locale: localeOf(language),
    }),
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

/**
 * The team's valid bet and profit and loss per day, drawn by uPlot (loaded with this page only), with a
 * legend and, for screen readers, the same figures as a table. The canvas is decoration for them.
 */
export function TeamChart({ days, money }: { days: readonly Day[]; money: MoneyFormat }) {
  const { t, i18n } = useTranslation('agent');
  const frameRef = useRef<HTMLDivElement>(null);
  const validBetLabel = t('agent.overview.validBet');
  const profitLossLabel = t('agent.overview.profitLoss');
  const build = useCallback<ChartBuild>(
    (_UPlot, theme, widthPx) => ({
      options: chartOptions(
        days,
        { validBet: validBetLabel, profitLoss: profitLossLabel },
        theme,
        i18n.language,
        widthPx,
      ),
      data: chartData(days),
    }),
    [days, validBetLabel, profitLossLabel, i18n.language],
  );
  // Without a canvas the legend and the table still carry every figure.
  useUplotChart(frameRef, days.length > 0 ? build : null, 'team chart');

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
