import type { BgsGameCode, BgsRound } from '@portal/contracts';
import {
  bgsGameCodes,
  diceParamsValid,
  type BgsOutcome,
  type BgsParams,
  type DiceDirection,
} from '@portal/contracts/bgs';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useId, useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ErrorState } from '../../../components/ui/error-state';
import { createGameClient } from '../api/game-client';
import { CrashVerify } from '../crash/crash-verify';
import { useInhouseGameNames } from '../api/inhouse-queries';
import { recomputeOutcome, serverSeedHashOf } from '../model/web-fairness';
import { errorText } from './game-env';

interface VerifyForm {
  gameCode: BgsGameCode;
  serverSeed: string;
  clientSeed: string;
  nonce: string;
  target: string;
  direction: DiceDirection;
  mineCount: string;
}

const emptyForm: VerifyForm = {
  gameCode: 'bgs-slot',
  serverSeed: '',
  clientSeed: '',
  nonce: '0',
  target: '5000',
  direction: 'under',
  mineCount: '3',
};

function formOf(round: BgsRound): VerifyForm {
  const params = round.params;
  return {
    gameCode: round.gameCode,
    serverSeed: round.serverSeed ?? '',
    clientSeed: round.clientSeed,
    nonce: String(round.nonce),
    target: params.game === 'bgs-dice' ? String(params.target) : emptyForm.target,
    direction: params.game === 'bgs-dice' ? params.direction : emptyForm.direction,
    mineCount: params.game === 'bgs-mines' ? String(params.mineCount) : emptyForm.mineCount,
  };
}

function paramsOf(form: VerifyForm): BgsParams | null {
  if (form.gameCode === 'bgs-slot') return { game: 'bgs-slot' };
  if (form.gameCode === 'bgs-dice') {
    const params = { target: Number(form.target), direction: form.direction };
    return diceParamsValid(params) ? { game: 'bgs-dice', ...params } : null;
  }
  const mineCount = Number(form.mineCount);
  return Number.isInteger(mineCount) && mineCount >= 1 && mineCount <= 24
    ? { game: 'bgs-mines', mineCount }
    : null;
}

/** JSON with object keys sorted, so two outcomes compare by content (jsonb reorders keys). */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value).sort(([a], [b]) => (a < b ? -1 : 1));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonical(item)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

interface Computed {
  hash: string;
  outcome: BgsOutcome;
}

/** A readable line for an outcome. */
function OutcomeText({ outcome }: { outcome: BgsOutcome }) {
  const { t } = useTranslation('inhouse');
  switch (outcome.game) {
    case 'bgs-slot':
      return (
        <p>
          {t('verify.slotStops', { stops: outcome.stops.join(', ') })};{' '}
          {t('verify.slotLines', { total: outcome.lineMultiplier })}
        </p>
      );
    case 'bgs-dice':
      return (
        <p>
          {t('verify.diceRoll', {
            roll: (outcome.roll / 100).toFixed(2),
            result: outcome.win ? t('verify.win') : t('verify.loss'),
          })}
        </p>
      );
    case 'bgs-mines':
      return <p>{t('verify.minesAt', { tiles: outcome.mines.join(', ') })}</p>;
  }
}

interface VerifyPageProps {
  roundId: string | null;
  token: string | null;
  backGame: string | null;
  /** Tests pass a fake server's fetch; the network otherwise. */
  fetchImpl?: typeof fetch;
}

/**
 * /bgs/verify: recomputes a round in the browser (WebCrypto HMAC-SHA256 over the shared rules) from the
 * revealed server seed, and compares the hash and the outcome with what the server recorded.
 */
export function VerifyPage({ roundId, token, backGame, fetchImpl }: VerifyPageProps) {
  const { t } = useTranslation('inhouse');
  const api = useMemo(() => (token ? createGameClient(token, fetchImpl) : null), [fetchImpl, token]);
  const round = useQuery({
    queryKey: ['inhouse', 'round', roundId],
    queryFn: ({ signal }) => {
      if (!api || !roundId) throw new Error('no round to load');
      return api('bgsRound', { params: { roundId }, signal });
    },
    enabled: api !== null && roundId !== null,
  });
  const waiting = api !== null && roundId !== null && round.isPending;
  const gameNames = useInhouseGameNames(fetchImpl);

  return (
    <div className="bgs-page bgs-verify">
      <header className="bgs-bar">
        <h1>{t('verify.title')}</h1>
        {token && backGame ? (
          <Link to={`/bgs/play/${encodeURIComponent(backGame)}?session=${encodeURIComponent(token)}`}>
            {t('verify.backToGame')}
          </Link>
        ) : null}
      </header>
      <main className="bgs-main bgs-verify__body">
        <p>{t('verify.intro')}</p>
        {waiting ? <p role="status">{t('verify.loadingRound')}</p> : null}
        {round.isError ? (
          <ErrorState
            message={`${t('verify.roundFailed')} ${errorText(t, round.error)}`}
            onRetry={() => void round.refetch()}
          />
        ) : null}
        {waiting ? null : (
          <VerifyBody
            key={round.data?.roundId ?? 'manual'}
            recorded={round.data ?? null}
            gameNames={gameNames.data ?? {}}
          />
        )}
        <CrashVerify fetchImpl={fetchImpl} />
      </main>
    </div>
  );
}

/** The form and the result; a recorded round with a revealed seed is recomputed as soon as it shows. */
function VerifyBody({
  recorded,
  gameNames,
}: {
  recorded: BgsRound | null;
  /** The catalogue's names by game code (the codes show until they load). */
  gameNames: Record<string, string>;
}) {
  const { t } = useTranslation('inhouse');
  const ids = {
    game: useId(),
    seed: useId(),
    client: useId(),
    nonce: useId(),
    target: useId(),
    direction: useId(),
    mines: useId(),
  };
  const [form, setForm] = useState<VerifyForm>(() => (recorded ? formOf(recorded) : emptyForm));
  const compute = useMutation({
    mutationFn: async (input: VerifyForm): Promise<Computed> => {
      const params = paramsOf(input);
      if (!params) throw new Error('invalid parameters');
      const [hash, outcome] = await Promise.all([
        serverSeedHashOf(input.serverSeed),
        recomputeOutcome({
          serverSeed: input.serverSeed,
          clientSeed: input.clientSeed,
          nonce: Number(input.nonce),
          params,
        }),
      ]);
      return { hash, outcome };
    },
  });
  const { mutate } = compute;
  useEffect(() => {
    if (recorded?.serverSeed) mutate(formOf(recorded));
  }, [recorded, mutate]);
  const seedValid = /^[0-9a-f]{64}$/.test(form.serverSeed);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (seedValid) compute.mutate(form);
  };
  const set = (field: keyof VerifyForm) => (event: { target: { value: string } }) =>
    setForm((current) => ({ ...current, [field]: event.target.value }));
  const result = compute.data;
  return (
    <>
      {recorded && !recorded.serverSeed ? (
        <p className="bgs-error" role="alert">
          {t('verify.notRevealed')}
        </p>
      ) : null}
      <form className="bgs-verify__form" onSubmit={submit}>
        <label htmlFor={ids.game}>{t('verify.game')}</label>
        <select id={ids.game} className="bgs-input" value={form.gameCode} onChange={set('gameCode')}>
          {bgsGameCodes.map((code) => (
            <option key={code} value={code}>
              {gameNames[code] ?? code}
            </option>
          ))}
        </select>
        <label htmlFor={ids.seed}>{t('verify.serverSeed')}</label>
        <input
          id={ids.seed}
          className="bgs-input bgs-mono"
          value={form.serverSeed}
          onChange={set('serverSeed')}
          aria-invalid={form.serverSeed !== '' && !seedValid}
        />
        {form.serverSeed !== '' && !seedValid ? (
          <small className="bgs-hint bgs-hint--error">{t('verify.invalidSeed')}</small>
        ) : null}
        <label htmlFor={ids.client}>{t('verify.clientSeed')}</label>
        <input
          id={ids.client}
          className="bgs-input bgs-mono"
          value={form.clientSeed}
          onChange={set('clientSeed')}
        />
        <label htmlFor={ids.nonce}>{t('verify.nonce')}</label>
        <input
          id={ids.nonce}
          className="bgs-input"
          inputMode="numeric"
          value={form.nonce}
          onChange={set('nonce')}
        />
        {form.gameCode === 'bgs-dice' ? (
          <>
            <label htmlFor={ids.target}>{t('verify.target')}</label>
            <input
              id={ids.target}
              className="bgs-input"
              inputMode="numeric"
              value={form.target}
              onChange={set('target')}
            />
            <label htmlFor={ids.direction}>{t('verify.direction')}</label>
            <select
              id={ids.direction}
              className="bgs-input"
              value={form.direction}
              onChange={set('direction')}
            >
              <option value="under">{t('dice.under')}</option>
              <option value="over">{t('dice.over')}</option>
            </select>
          </>
        ) : null}
        {form.gameCode === 'bgs-mines' ? (
          <>
            <label htmlFor={ids.mines}>{t('verify.mineCount')}</label>
            <input
              id={ids.mines}
              className="bgs-input"
              inputMode="numeric"
              value={form.mineCount}
              onChange={set('mineCount')}
            />
          </>
        ) : null}
        <button type="submit" className="button button--primary" disabled={!seedValid || compute.isPending}>
          {compute.isPending ? t('verify.computing') : t('verify.submit')}
        </button>
      </form>
      {compute.isError ? (
        <p className="bgs-error" role="alert">
          {t('errors.generic')}
        </p>
      ) : null}
      {result ? (
        <section className="bgs-verify__result" aria-labelledby="bgs-verify-outcome" role="status">
          <h2 id="bgs-verify-outcome">{t('verify.outcome')}</h2>
          <p className="bgs-mono">{t('verify.hash', { hash: result.hash })}</p>
          {recorded ? (
            <p>
              {result.hash === recorded.serverSeedHash ? t('verify.hashMatches') : t('verify.hashDiffers')}
            </p>
          ) : null}
          <OutcomeText outcome={result.outcome} />
          {recorded?.outcome ? (
            <p className={canonical(recorded.outcome) === canonical(result.outcome) ? 'bgs-ok' : 'bgs-error'}>
              {canonical(recorded.outcome) === canonical(result.outcome)
                ? t('verify.matches')
                : t('verify.differs')}
            </p>
          ) : null}
        </section>
      ) : null}
    </>
  );
}
