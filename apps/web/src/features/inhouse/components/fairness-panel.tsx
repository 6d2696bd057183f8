import type { BgsGameCode, BgsSeedRotation } from '@portal/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useRecentRounds } from '../api/inhouse-queries';
import { errorText, useGameEnv } from './game-env';

const clientSeedPattern = /^[A-Za-z0-9_-]{1,64}$/;

/** The verify page address for one of the player's rounds (inside the same popup). */
export function verifyHref(roundId: string, token: string, gameCode: BgsGameCode): string {
  const query = new URLSearchParams({ round: roundId, session: token, game: gameCode });
  return `/bgs/verify?${query.toString()}`;
}

/**
 * The fairness panel: the hidden server seed's hash, the editable client seed, the next nonce, rotation
 * (which reveals the seed) and the last rounds with their verify links.
 */
export function FairnessPanel({ gameCode }: { gameCode: BgsGameCode }) {
  const { t } = useTranslation('inhouse');
  const { api, token, info } = useGameEnv();
  const queryClient = useQueryClient();
  const clientSeedId = useId();
  const [clientSeed, setClientSeed] = useState(info.seed.clientSeed);
  const [revealed, setRevealed] = useState<BgsSeedRotation['revealed'] | null>(null);
  const rounds = useRecentRounds(api, token, gameCode);
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['inhouse'] });
  const saveSeed = useMutation({
    mutationFn: (seed: string) => api('bgsClientSeed', { body: { clientSeed: seed } }),
    onSuccess: refresh,
  });
  const rotate = useMutation({
    mutationFn: () => api('bgsRotateSeed'),
    onSuccess: (rotation) => {
      setRevealed(rotation.revealed);
      return refresh();
    },
  });
  const seedValid = clientSeedPattern.test(clientSeed);
  const failure = saveSeed.error ?? rotate.error;

  return (
    <aside className="bgs-fairness" aria-labelledby="bgs-fairness-title">
      <h2 id="bgs-fairness-title">{t('fair.title')}</h2>
      <dl className="bgs-seed">
        <dt>{t('fair.serverSeedHash')}</dt>
        <dd className="bgs-mono">{info.seed.serverSeedHash}</dd>
        <dt>{t('fair.nonce')}</dt>
        <dd>{info.seed.nonce}</dd>
      </dl>
      <form
        className="bgs-seed-form"
        onSubmit={(event) => {
          event.preventDefault();
          if (seedValid) saveSeed.mutate(clientSeed);
        }}
      >
        <label htmlFor={clientSeedId}>{t('fair.clientSeed')}</label>
        <input
          id={clientSeedId}
          className="bgs-input bgs-mono"
          value={clientSeed}
          maxLength={64}
          aria-invalid={!seedValid}
          aria-describedby={`${clientSeedId}-hint`}
          onChange={(event) => setClientSeed(event.target.value.trim())}
        />
        <small id={`${clientSeedId}-hint`} className={seedValid ? 'bgs-hint' : 'bgs-hint bgs-hint--error'}>
          {saveSeed.isSuccess ? t('fair.clientSeedSaved') : t('fair.clientSeedInvalid')}
        </small>
        <button
          type="submit"
          className="button button--secondary"
          disabled={!seedValid || saveSeed.isPending}
        >
          {t('fair.saveClientSeed')}
        </button>
      </form>
      <button
        type="button"
        className="button button--ghost"
        disabled={rotate.isPending}
        onClick={() => rotate.mutate()}
      >
        {t('fair.rotate')}
      </button>
      {revealed ? (
        <div className="bgs-revealed" role="status">
          <p>{revealed.nonce > 0 ? t('fair.rotated', { last: revealed.nonce - 1 }) : t('fair.noBetsYet')}</p>
          <p className="bgs-mono">{revealed.serverSeed}</p>
        </div>
      ) : null}
      {failure ? (
        <p className="bgs-error" role="alert">
          {errorText(t, failure)}
        </p>
      ) : null}
      <h3>{t('fair.recent')}</h3>
      {rounds.isPending ? (
        <p className="bgs-hint">…</p>
      ) : rounds.isError ? (
        <p className="bgs-error">{errorText(t, rounds.error)}</p>
      ) : rounds.data.items.length === 0 ? (
        <p className="bgs-hint">{t('fair.noRounds')}</p>
      ) : (
        <ul className="bgs-rounds">
          {rounds.data.items.map((round) => (
            <li key={round.roundId}>
              <span>
                {t('fair.roundLabel', { nonce: round.nonce, bet: round.bet, payout: round.payout })}
              </span>
              <Link to={verifyHref(round.roundId, token, gameCode)}>{t('fair.verify')}</Link>
              {round.serverSeed ? null : <span className="bgs-hint">{t('fair.hidden')}</span>}
            </li>
          ))}
        </ul>
      )}
    </aside>
  );
}
