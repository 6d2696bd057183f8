import { useTranslation } from 'react-i18next';
import type { SectionPageProps } from '../../sections';
import { ProfilePage } from './profile-page';
import { SearchPage } from './search-page';
import './players.css';

/** An account id as the contracts take it; anything else below /operator/players/ is no page. */
const accountId = /^[1-9][0-9]{0,9}$/;

/**
 * The console's players and agents (issue 16) at /operator/players: the search, and at
 * /operator/players/<id> an account's profile with its actions. Every role reads; the buttons follow
 * the roles of ops-access.ts (the server refuses anyway). Its own lazy chunk and namespace (ops-players).
 */
export default function PlayersSection({ account, rest }: SectionPageProps) {
  const { t } = useTranslation('ops-players');
  const id = rest.split('/')[0] ?? '';
  return (
    <div className="ops-players">
      {id === '' ? (
        <SearchPage role={account.role} />
      ) : accountId.test(id) ? (
        <ProfilePage key={id} memberId={id} account={account} />
      ) : (
        <p role="alert">{t('profile.unknown')}</p>
      )}
    </div>
  );
}
