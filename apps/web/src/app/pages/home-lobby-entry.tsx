import { GamesProvider, HomeLobby } from '../../features/games';
import { useIdentity } from '../../features/identity';

/** Home's game lobby with launching wired to the identity; loaded as its own chunk below the hero. */
export default function HomeLobbyEntry() {
  const identity = useIdentity();
  return (
    <GamesProvider
      requireRealAccount={identity.requireRealAccount}
      openLogin={() => identity.openDialog('login')}
    >
      <HomeLobby />
    </GamesProvider>
  );
}
