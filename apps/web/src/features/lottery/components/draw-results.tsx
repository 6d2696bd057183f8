import type { LotteryDraw, LotteryGameCode } from '@portal/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorState } from '../../../components/ui/error-state';
import { Pager } from '../../../components/ui/pager';
import { SkeletonLines } from '../../../components/ui/skeleton';
import { errorMessageKey } from '../../../lib/api';
import { resultsPageSize, useLotteryResults } from '../api/lottery-queries';
import { verifyDraw, type DrawCheck } from '../model/verify-draw';

type CheckState = { state: 'checking' } | { state: 'done'; check: DrawCheck } | { state: 'failed' };

/** The verify action of one revealed draw: recomputed in this browser, never taken from the server. */
function VerifyCell({ draw }: { draw: LotteryDraw }) {
  const { t } = useTranslation('lottery');
  const [check, setCheck] = useState<CheckState | null>(null);
  const { seed, result } = draw;
  if (!seed || !result) return <span className="lottery-table__muted">{t('results.notRevealed')}</span>;
  const run = () => {
    setCheck({ state: 'checking' });
    verifyDraw({ gameCode: draw.gameCode, numero: draw.numero, seed, seedHash: draw.seedHash, result }).then(
      (outcome) => setCheck({ state: 'done', check: outcome }),
      () => setCheck({ state: 'failed' }),
    );
  };
  return (
    <div className="lottery-verify">
      <button
        type="button"
        className="button button--ghost"
        onClick={run}
        disabled={check?.state === 'checking'}
      >
        {t('results.verify')}
      </button>
      <span role="status" className="lottery-verify__outcome">
        {check?.state === 'done'
          ? check.check.valid
            ? t('results.valid', { result: check.check.recomputedResult })
            : t('results.invalid', { result: check.check.recomputedResult })
          : check?.state === 'failed'
            ? t('results.verifyFailed')
            : ''}
      </span>
    </div>
  );
}

/** Past draws with results, revealed seeds and their commitments, each verifiable here. */
export function DrawResults({ gameCode }: { gameCode: LotteryGameCode }) {
  const { t } = useTranslation('lottery');
  const [page, setPage] = useState(1);
  const results = useLotteryResults(gameCode, page);
  return (
    <section className="lottery-panel" aria-labelledby="lottery-results-title">
      <h2 id="lottery-results-title" className="lottery-section__title">
        {t('results.title')}
      </h2>
      <p className="lottery-draw__hint">{t('results.howTo')}</p>
      {results.isPending ? (
        <SkeletonLines count={4} />
      ) : results.isError ? (
        <ErrorState
          message={t(errorMessageKey(results.error))}
          onRetry={() => void results.refetch()}
          compact
        />
      ) : results.data.items.length === 0 ? (
        <EmptyState icon="clock" title={t('results.empty')} />
      ) : (
        <>
          <ul className="lottery-results">
            {results.data.items.map((draw) => (
              <li key={draw.numero} className="lottery-result">
                <div className="lottery-result__head">
                  <span className="lottery-result__numero">
                    {t('results.numero', { numero: draw.numero })}
                  </span>
                  <span className="lottery-result__value">{draw.result ?? '-'}</span>
                </div>
                <dl className="lottery-result__proof">
                  <dt>{t('results.seed')}</dt>
                  <dd>
                    <code className="lottery-code">{draw.seed ?? '-'}</code>
                  </dd>
                  <dt>{t('draw.commitment')}</dt>
                  <dd>
                    <code className="lottery-code">{draw.seedHash}</code>
                  </dd>
                </dl>
                <VerifyCell draw={draw} />
              </li>
            ))}
          </ul>
          <Pager page={page} totalPages={Math.ceil(results.data.total / resultsPageSize)} onPage={setPage} />
        </>
      )}
    </section>
  );
}
