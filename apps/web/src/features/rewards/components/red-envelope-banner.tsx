import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../../components/ui/icon';
import { useRedEnvelopes } from '../api/draw-queries';
import type { MoneyFormat } from '../model/format';

// The popup is its own chunk, fetched only when a player opens an envelope.
const RedEnvelopeDialog = lazy(() => import('./red-envelope-dialog'));

/**
 * Tells a signed-in player that a red envelope is open and theirs to claim, and opens the popup. It
 * stays quiet (renders nothing) while loading, on failure, and when there is nothing to claim: it is an
 * invitation, never in the way of the page.
 */
export function RedEnvelopeBanner({ money }: { money: MoneyFormat }) {
  const { t } = useTranslation('rewards');
  const envelopes = useRedEnvelopes();
  const [openId, setOpenId] = useState<string | null>(null);
  const list = envelopes.data?.envelopes ?? [];
  const waiting = list.find((envelope) => envelope.state === 'open' && envelope.myAmount === null);
  const opened = list.find((envelope) => envelope.id === openId);
  return (
    <>
      {waiting ? (
        <section className="red-envelope-banner" aria-label={t('rewards.envelope.title')}>
          <Icon name="gift" size={22} />
          <p>{t('rewards.envelope.waiting', { title: waiting.title })}</p>
          <button type="button" className="button button--primary" onClick={() => setOpenId(waiting.id)}>
            {t('rewards.envelope.open')}
          </button>
        </section>
      ) : null}
      {opened ? (
        <Suspense fallback={null}>
          <RedEnvelopeDialog envelope={opened} money={money} onClose={() => setOpenId(null)} />
        </Suspense>
      ) : null}
    </>
  );
}
