import type { RgBlockPayload, RgOverview } from '@portal/contracts';
import { breakDurations, exclusionDurations } from '@portal/contracts/rules';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormError } from '../../../components/ui/form';
import { ModalDialog } from '../../../components/ui/modal-dialog';
import { errorMessageKey } from '../../../lib/api';
import { useStartBlock } from '../api/rg-queries';
import { formatWhen } from './limits-section';

/**
 * Take a break and self-exclusion: a choice of length, then a confirmation that says what happens (every
 * session ends at once, no login until the end, not reversible). After it the player is logged out.
 */
export function BlockSection({ overview, onBlocked }: { overview: RgOverview; onBlocked: () => void }) {
  const { t, i18n } = useTranslation('rg');
  const { t: tCommon } = useTranslation();
  const start = useStartBlock();
  const [breakLength, setBreakLength] = useState<(typeof breakDurations)[number]>('24h');
  const [exclusionLength, setExclusionLength] = useState<(typeof exclusionDurations)[number]>('6m');
  const [confirming, setConfirming] = useState<RgBlockPayload | null>(null);
  const exclusions = exclusionDurations.filter(
    (value) => value !== 'permanent' || overview.allowPermanentExclusion,
  );
  return (
    <section className="rg-section" aria-labelledby="rg-block">
      <h2 id="rg-block">{t('block.title')}</h2>
      {overview.block ? (
        <p role="status">
          {t(`block.active.${overview.block.kind}`, {
            when: overview.block.endsAt
              ? formatWhen(overview.block.endsAt, i18n.language)
              : t('block.permanent'),
          })}
        </p>
      ) : null}
      <div className="rg-form">
        <label>
          {t('block.breakLabel')}
          <select
            value={breakLength}
            onChange={(event) => setBreakLength(event.target.value as typeof breakLength)}
          >
            {breakDurations.map((value) => (
              <option key={value} value={value}>
                {t(`block.duration.${value}`)}
              </option>
            ))}
          </select>
        </label>
        <button
          type="button"
          className="button button--secondary"
          onClick={() => setConfirming({ kind: 'break', duration: breakLength })}
        >
          {t('block.takeBreak')}
        </button>
      </div>
      <div className="rg-form">
        <label>
          {t('block.exclusionLabel')}
          <select
            value={exclusionLength}
            onChange={(event) => setExclusionLength(event.target.value as typeof exclusionLength)}
          >
            {exclusions.map((value) => (
              <option key={value} value={value}>
                {t(`block.duration.${value}`)}
              </option>
            ))}
          </select>
        </label>
        <button
          type="button"
          className="button button--danger"
          onClick={() => setConfirming({ kind: 'self_exclusion', duration: exclusionLength })}
        >
          {t('block.selfExclude')}
        </button>
      </div>
      {confirming ? (
        <ModalDialog title={t(`block.confirmTitle.${confirming.kind}`)} onClose={() => setConfirming(null)}>
          <p>{t('block.confirmText', { duration: t(`block.duration.${confirming.duration}`) })}</p>
          <FormError>{start.error ? tCommon(errorMessageKey(start.error)) : null}</FormError>
          <div className="rg-reality-check__actions">
            <button
              type="button"
              className="button button--danger"
              disabled={start.isPending}
              onClick={() => start.mutate(confirming, { onSuccess: onBlocked })}
            >
              {t('block.confirm')}
            </button>
            <button type="button" className="button" data-autofocus onClick={() => setConfirming(null)}>
              {t('block.back')}
            </button>
          </div>
        </ModalDialog>
      ) : null}
    </section>
  );
}
