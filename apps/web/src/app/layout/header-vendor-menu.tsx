import { GamesProvider, VendorMenu } from '../../features/games';
import { useIdentity } from '../../features/identity';
import type { GameCategory } from './navigation';

/**
 * The header's vendor drop-down of one category, loaded as its own chunk after the header paints.
 * Centre categories launch a vendor from here, so it has its own launcher wired to the identity.
 */
export default function HeaderVendorMenu({ category, label }: { category: GameCategory; label: string }) {
  const identity = useIdentity();
  return (
    <GamesProvider
      requireRealAccount={identity.requireRealAccount}
      openLogin={() => identity.openDialog('login')}
    >
      <VendorMenu category={category} label={label} />
    </GamesProvider>
  );
}
