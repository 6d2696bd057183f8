import type { LotteryDraw } from '@portal/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '../../../components/ui/error-state';
import { SkeletonLines } from '../../../components/ui/skeleton';
import { errorMessageKey } from '../../../lib/api';
import { lotteryQueryKeys } from '../api/lottery-queries';
import { formatCountdown } from '../model/lottery-routes';

interface CurrentDrawProps {
  query: {
    data?: { current: LotteryDraw | null; previous: LotteryDraw | null; serverTime: string } | undefined;
    isPending: boolean;
    isError: boolean;
    error: unknown;
    refetch: () => unknown;
  };
  now: number;
}

/** The draw on offer: its number, the countdowns, the committed hash, and the last result. */
export function CurrentDraw({ query, now }: CurrentDrawProps) {
  const { t } = useTranslation('lottery');
  const queryClient = useQueryClient();
  const current = query.data?.current ?? null;
  const drawsAtMs = current ? Date.parse(current.drawsAt) : null;
  const refreshedFor = useRef<string | null>(null);

  // When the draw time passes, everything that depends on the draw is read again once.
  useEffect(() => {
    if (!current || drawsAtMs === null || now < drawsAtMs || refreshedFor.current === current.numero) return;
    refreshedFor.current = current.numero;
    const timer = setTimeout(
      () => void queryClient.invalidateQueries({ queryKey: lotteryQueryKeys.all }),
      1500,
    );
    return () => clearTimeout(timer);
  }, [current, drawsAtMs, now, queryClient]);

  if (query.isPending) return <SkeletonLines count={4} className="lottery-draw lottery-draw--loading" />;
  if (query.isError) {
    return <ErrorState message={t(errorMessageKey(query.error))} onRetry={() => void query.refetch()} />;
  }
  const previous = query.data?.previous ?? null;
  const closesInMs = current ? Date.parse(current.closesAt) - now : 0;
  const drawsInMs = current ? Date.parse(current.drawsAt) - now : 0;
  const open = current !== null && closesInMs > 0;
  return (
    <section className="lottery-draw" aria-labelledby="lottery-draw-title">
      <h2 id="lottery-draw-title" className="lottery-section__title">
        {current ? t('draw.title', { numero: current.numero }) : t('draw.none')}
      </h2>
      {current ? (
        <>
          <div className="lottery-draw__clocks">
            <p className="lottery-draw__clock">
              <span className="lottery-draw__label">{open ? t('draw.closesIn') : t('draw.closed')}</span>
              <span className="lottery-draw__time" role="timer" aria-live="off">
                {open ? formatCountdown(closesInMs) : '--:--'}
              </span>
            </p>
            <p className="lottery-draw__clock">
              <span className="lottery-draw__label">{t('draw.drawsIn')}</span>
              <span className="lottery-draw__time" role="timer" aria-live="off">
                {formatCountdown(drawsInMs)}
              </span>
            </p>
          </div>
          <p className="lottery-draw__hash">
            <span className="lottery-draw__label">{t('draw.commitment')}</span>
            <code className="lottery-code">{current.seedHash}</code>
          </p>
          <p className="lottery-draw__hint">{t('draw.commitmentHint')}</p>
        </>
      ) : (
        <p className="lottery-draw__hint">{t('draw.noneText')}</p>
      )}
      {previous?.result ? (
        <p className="lottery-draw__previous">
          {t('draw.previous', { numero: previous.numero })}{' '}
          <span className="lottery-balls" aria-label={t('draw.resultLabel', { result: previous.result })}>
            {previous.result.split('').map((digit, index) => (
              <span key={index} className="lottery-ball" aria-hidden="true">
                {digit}
              </span>
            ))}
          </span>
        </p>
      ) : null}
    </section>
  );
}
