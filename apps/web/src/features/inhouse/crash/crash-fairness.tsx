import type { CrashState } from '@portal/contracts';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useGameEnv } from '../components/game-env';

/** The crash game's fairness panel: the published chain hash, the rule, the way to check a round. */
export function CrashFairness() {
  const { t } = useTranslation('inhouse');
  const { token } = useGameEnv();
  // The game keeps the state under this key; the panel only reads it.
  const state = useQuery<CrashState>({ queryKey: ['inhouse', 'crash', token], enabled: false });
  const chain = state.data?.chain;
  return (
    <aside className="bgs-fairness" aria-labelledby="bgs-fairness-title">
      <h2 id="bgs-fairness-title">{t('fair.title')}</h2>
      <p>{t('crash.fair.rule')}</p>
      <dl className="bgs-seed">
        <dt>{t('crash.fair.chainHash')}</dt>
        <dd className="bgs-mono" data-testid="crash-chain-hash">
          {chain?.hash ?? t('crash.fair.noChain')}
        </dd>
        <dt>{t('crash.fair.chainLength')}</dt>
        <dd>{chain?.length ?? '—'}</dd>
      </dl>
      <p>{t('crash.fair.howToCheck')}</p>
    </aside>
  );
}
