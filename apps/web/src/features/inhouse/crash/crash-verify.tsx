import type { CrashRoundRecord } from '@portal/contracts';
import { crashPointOf, formatMultiplier, verifyChainSeed, type Sha256 } from '@portal/contracts/bgs';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useId, useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { createApiClient } from '../../../lib/api';
import { errorText } from '../components/game-env';
import { webHmac } from '../model/web-fairness';

/** SHA-256 through WebCrypto. */
const webSha256: Sha256 = async (bytes) => {
  const copy = new ArrayBuffer(bytes.byteLength);
  new Uint8Array(copy).set(bytes);
  return new Uint8Array(await crypto.subtle.digest('SHA-256', copy));
};

interface CrashForm {
  seed: string;
  roundNo: string;
  chainHash: string;
}

interface CrashCheck {
  crashPoint: string;
  chainMatches: boolean;
}

/**
 * The crash part of /bgs/verify (`?crash=<roundId>` opens a round): recomputes, in the browser, the
 * round's crash point from its revealed seed (HMAC-SHA256 under the seed, the shared rules) and checks the
 * seed against the chain's published hash (SHA-256 applied round-number times must give it).
 */
export function CrashVerify({ fetchImpl }: { fetchImpl?: typeof fetch | undefined }) {
  const { t } = useTranslation('inhouse');
  const [search] = useSearchParams();
  const roundId = search.get('crash');
  const api = useMemo(() => createApiClient(fetchImpl ? { fetch: fetchImpl } : {}), [fetchImpl]);
  const record = useQuery({
    queryKey: ['inhouse', 'crash-round', roundId],
    queryFn: ({ signal }) => api('crashRound', { params: { roundId: roundId ?? '' }, signal }),
    enabled: roundId !== null,
  });
  return (
    <section className="bgs-fairness crash-verify" aria-labelledby="crash-verify-title">
      <h2 id="crash-verify-title">{t('crash.verify.title')}</h2>
      <p>{t('crash.verify.intro')}</p>
      {record.isPending && roundId ? <p role="status">{t('verify.loadingRound')}</p> : null}
      {record.isError ? (
        <p className="bgs-error" role="alert">
          {errorText(t, record.error)}
        </p>
      ) : null}
      {record.isPending && roundId ? null : (
        <CrashVerifyBody key={record.data?.roundId ?? 'manual'} recorded={record.data ?? null} />
      )}
    </section>
  );
}

function CrashVerifyBody({ recorded }: { recorded: CrashRoundRecord | null }) {
  const { t } = useTranslation('inhouse');
  const ids = { seed: useId(), roundNo: useId(), chain: useId() };
  const [form, setForm] = useState<CrashForm>({
    seed: recorded?.seed ?? '',
    roundNo: recorded ? String(recorded.roundNo) : '1',
    chainHash: recorded?.chainHash ?? '',
  });
  const check = useMutation({
    mutationFn: async (input: CrashForm): Promise<CrashCheck> => {
      const roundNo = Number(input.roundNo);
      const [point, chain] = await Promise.all([
        crashPointOf(webHmac(), input.seed),
        verifyChainSeed(webSha256, input.seed, roundNo, input.chainHash),
      ]);
      return { crashPoint: formatMultiplier(point), chainMatches: chain.matches };
    },
  });
  const { mutate } = check;
  useEffect(() => {
    if (recorded?.seed)
      mutate({ seed: recorded.seed, roundNo: String(recorded.roundNo), chainHash: recorded.chainHash });
  }, [recorded, mutate]);
  const valid =
    /^[0-9a-f]{64}$/.test(form.seed) &&
    /^[0-9a-f]{64}$/.test(form.chainHash) &&
    /^\d{1,6}$/.test(form.roundNo) &&
    Number(form.roundNo) >= 1;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (valid) check.mutate(form);
  };
  const field = (name: keyof CrashForm) => ({
    value: form[name],
    onChange: (event: { target: { value: string } }) =>
      setForm((current) => ({ ...current, [name]: event.target.value.trim() })),
  });
  const result = check.data;
  return (
    <>
      {recorded && !recorded.seed ? <p role="status">{t('crash.verify.notCrashed')}</p> : null}
      <form className="bgs-seed-form crash-verify__form" onSubmit={submit}>
        <label htmlFor={ids.seed}>{t('crash.verify.seed')}</label>
        <input id={ids.seed} className="bgs-input bgs-mono" autoComplete="off" {...field('seed')} />
        <label htmlFor={ids.roundNo}>{t('crash.verify.roundNo')}</label>
        <input id={ids.roundNo} className="bgs-input" inputMode="numeric" {...field('roundNo')} />
        <label htmlFor={ids.chain}>{t('crash.verify.chainHash')}</label>
        <input id={ids.chain} className="bgs-input bgs-mono" autoComplete="off" {...field('chainHash')} />
        <button type="submit" className="button button--primary" disabled={!valid || check.isPending}>
          {t('crash.verify.check')}
        </button>
      </form>
      {result ? (
        <div role="status" className="crash-verify__result" data-testid="crash-verify-result">
          <p>{t('crash.verify.point', { point: result.crashPoint })}</p>
          {recorded?.crashPoint ? (
            <p>
              {result.crashPoint === recorded.crashPoint
                ? t('crash.verify.pointMatches', { point: recorded.crashPoint })
                : t('crash.verify.pointDiffers', { point: recorded.crashPoint })}
            </p>
          ) : null}
          <p>{result.chainMatches ? t('crash.verify.chainMatches') : t('crash.verify.chainDiffers')}</p>
        </div>
      ) : null}
    </>
  );
}
