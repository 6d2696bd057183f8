import { useTranslation } from 'react-i18next';
import { htmlLangOf } from '../../../i18n/languages';
import { formatHundredths, jackpotStart, jackpotStep, type Hundredths } from '../model/counters';
import { useTicker } from '../model/use-ticker';

const nextJackpot = (value: Hundredths) => {
  const step = jackpotStep();
  return { value: value + step.add, delayMs: step.delayMs };
};

/**
 * The jackpot counter (spec section 9): starts between 20,000,000 and 21,000,000 with 2 decimals and
 * grows by 100 to 500 every 3, 4 or 5 seconds. It is a display figure, not money anyone holds.
 */
export function JackpotCounter() {
  const { t, i18n } = useTranslation('games');
  const value = useTicker(jackpotStart, nextJackpot, jackpotStep().delayMs);
  return (
    <section className="jackpot" aria-labelledby="jackpot-title">
      <h2 id="jackpot-title" className="jackpot__title">
        {t('home.jackpot')}
      </h2>
      <p className="jackpot__value">{formatHundredths(value, htmlLangOf(i18n.language))}</p>
    </section>
  );
}
