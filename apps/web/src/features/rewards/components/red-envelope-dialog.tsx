import type { PlayerRedEnvelope } from '@portal/contracts';
import { useTranslation } from 'react-i18next';
import { ModalDialog } from '../../../components/ui/modal-dialog';
import { errorMessageKey } from '../../../lib/api';
import { useRedEnvelopeClaim } from '../api/draw-queries';
import type { MoneyFormat } from '../model/format';

interface RedEnvelopeDialogProps {
  envelope: PlayerRedEnvelope;
  money: MoneyFormat;
  onClose: () => void;
}

/** The code of a failed call, when the server gave one. */
function codeOf(error: unknown): string | null {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : null;
}

/**
 * The red envelope popup (decision 0031): the envelope's pool and shares left, one Claim button, then the
 * amount won; a pool emptied by others meanwhile says so plainly. The commitment is shown for the curious.
 */
export default function RedEnvelopeDialog({ envelope, money, onClose }: RedEnvelopeDialogProps) {
  const { t } = useTranslation('rewards');
  const claim = useRedEnvelopeClaim();
  const won = claim.data?.amount ?? envelope.myAmount;
  const empty = codeOf(claim.error) === 'red_envelope_empty' || (won === null && envelope.state === 'empty');
  return (
    <ModalDialog title={t('rewards.envelope.title')} icon="gift" onClose={onClose} className="reward-dialog">
      <div className="red-envelope">
        <p className="red-envelope__name">
          <strong>{envelope.title}</strong>
        </p>
        <p>
          {t('rewards.envelope.pool', {
            pool: money(envelope.pool),
            left: envelope.sharesLeft,
            shares: envelope.shares,
          })}
        </p>
        <div aria-live="polite" className="red-envelope__result">
          {won !== null ? (
            <p className="red-envelope__won">{t('rewards.envelope.won', { amount: money(won) })}</p>
          ) : empty ? (
            <p className="reward-note reward-note--warning">{t('rewards.envelope.empty')}</p>
          ) : claim.isError ? (
            <p className="reward-note reward-note--warning" role="alert">
              {t(errorMessageKey(claim.error))}
            </p>
          ) : null}
        </div>
        {won === null && !empty ? (
          <button
            type="button"
            className="button button--primary red-envelope__claim"
            disabled={claim.isPending}
            onClick={() => claim.mutate(envelope.id)}
          >
            {claim.isPending ? t('rewards.envelope.claiming') : t('rewards.envelope.claim')}
          </button>
        ) : null}
        {won !== null && envelope.wageringMultiplier > 0 ? (
          <p className="reward-page__lead">
            {t('rewards.envelope.wagering', { times: envelope.wageringMultiplier })}
          </p>
        ) : null}
        <p className="red-envelope__proof">
          {t('rewards.envelope.commitment')} <code>{envelope.seedHash}</code>
        </p>
      </div>
    </ModalDialog>
  );
}
