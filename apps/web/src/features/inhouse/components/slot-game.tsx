import type { BgsPlayResult } from '@portal/contracts';
import { scoreSlot, slotPaylines, slotPaytable, slotSymbols, type SlotOutcome } from '@portal/contracts/bgs';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePlay } from '../api/inhouse-queries';
import { BetInput, betValid } from './bet-input';
import { errorText, useGameEnv } from './game-env';
import { minimumAnimationMs, PlayRequests } from './play-request';
import { SlotSymbolIcon } from './slot-symbol';

const idleWindow = scoreSlot([0, 0, 0, 0, 0]).window;

/** Cells of the winning lines, as "reel:row" keys. */
function winningCells(outcome: SlotOutcome | null): Set<string> {
  const cells = new Set<string>();
  for (const win of outcome?.lines ?? []) {
    for (let reel = 0; reel < win.count; reel += 1) cells.add(`${reel}:${slotPaylines[win.line]![reel]}`);
  }
  return cells;
}

/** The 5x3 slot: bet, spin (reels animate unless reduced motion is asked for), line wins. */
export function SlotGame() {
  const { t } = useTranslation('inhouse');
  const { api, token, info } = useGameEnv();
  const [bet, setBet] = useState(info.limits['bgs-slot'].minBet);
  const [last, setLast] = useState<BgsPlayResult | null>(null);
  const requests = useRef(new PlayRequests());
  const spin = usePlay(token, async (amount: string) => {
    const requestId = requests.current.idFor(`slot:${amount}`);
    try {
      const [result] = await Promise.all([
        api('bgsSlotSpin', { body: { requestId, bet: amount } }),
        minimumAnimationMs(700),
      ]);
      requests.current.settle(null);
      setLast(result);
      return result;
    } catch (error) {
      requests.current.settle(error);
      throw error;
    }
  });
  const outcome = last?.round.outcome?.game === 'bgs-slot' ? last.round.outcome : null;
  const window = outcome?.window ?? idleWindow;
  const cells = winningCells(outcome);
  const symbolName = (index: number) => t(`slot.symbols.${slotSymbols[index]!}`);
  const canSpin = !spin.isPending && betValid(bet, info.limits['bgs-slot'], info.currencyDecimals);

  return (
    <section className="bgs-game bgs-slot" aria-labelledby="bgs-game-title">
      <div
        className={spin.isPending ? 'bgs-reels bgs-reels--spinning' : 'bgs-reels'}
        role="group"
        aria-label={t('slot.reels')}
        aria-busy={spin.isPending}
      >
        {window.map((column, reel) => (
          <ul
            key={reel}
            className="bgs-reel"
            aria-label={t('slot.reel', { number: reel + 1, symbols: column.map(symbolName).join(', ') })}
          >
            {column.map((symbol, row) => (
              <li key={row} className={cells.has(`${reel}:${row}`) ? 'bgs-cell bgs-cell--win' : 'bgs-cell'}>
                <SlotSymbolIcon symbol={slotSymbols[symbol]!} />
              </li>
            ))}
          </ul>
        ))}
      </div>
      <p className="bgs-result" role="status" aria-live="polite">
        {spin.isPending
          ? t('slot.spinning')
          : last
            ? Number(last.round.payout) > 0
              ? t('slot.win', { amount: `${last.round.payout} ${info.currency}` })
              : t('slot.noWin')
            : ''}
      </p>
      {outcome && outcome.lines.length > 0 ? (
        <ul className="bgs-line-wins">
          {outcome.lines.map((win) => (
            <li key={win.line}>
              {t('slot.lineWin', {
                line: win.line + 1,
                count: win.count,
                symbol: symbolName(win.symbol),
                multiplier: win.multiplier,
              })}
            </li>
          ))}
        </ul>
      ) : null}
      {spin.isError ? (
        <p className="bgs-error" role="alert">
          {errorText(t, spin.error)}
        </p>
      ) : null}
      <form
        className="bgs-controls"
        onSubmit={(event) => {
          event.preventDefault();
          if (canSpin) spin.mutate(bet);
        }}
      >
        <BetInput gameCode="bgs-slot" value={bet} onChange={setBet} disabled={spin.isPending} />
        <button type="submit" className="button button--primary button--large bgs-play" disabled={!canSpin}>
          {spin.isPending ? t('slot.spinning') : t('slot.spin')}
        </button>
      </form>
      <details className="bgs-paytable">
        <summary>{t('slot.paytable')}</summary>
        <table>
          <tbody>
            {slotPaytable.map((pays, symbol) => (
              <tr key={symbol}>
                <th scope="row">
                  <SlotSymbolIcon symbol={slotSymbols[symbol]!} />
                  <span>{symbolName(symbol)}</span>
                </th>
                {pays.map((pay, index) => (
                  <td key={index}>
                    {index + 3}× → {pay}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </section>
  );
}
