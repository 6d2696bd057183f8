import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { VerifyPage } from '../../features/inhouse/pages';

/** /bgs/verify[?round=&session=&game=]: recompute a BGS round in the browser. */
export default function BgsVerifyRoute() {
  const [search] = useSearchParams();
  const { t } = useTranslation('inhouse');
  useEffect(() => {
    document.title = t('verify.title');
  }, [t]);
  return (
    <VerifyPage roundId={search.get('round')} token={search.get('session')} backGame={search.get('game')} />
  );
}
