import type { Game } from '@portal/contracts';
import { useTranslation } from 'react-i18next';
import { useGameList } from '../api/games-queries';
import { GameDialog } from './game-dialog';
import { GameGrid } from './game-grid';
import { lobbyConstants } from '../model/lobby-constants';

/** The popup game list a vendor entry (isGame VASSALAGE) opens: that vendor's games of its category. */
export function VendorGamesPopup({ vendorGame, onClose }: { vendorGame: Game; onClose: () => void }) {
  const { t } = useTranslation('games');
  const list = useGameList({
    gameType: vendorGame.gameType,
    vassalage: vendorGame.vassalage,
    filter: 'ALL',
    pageSize: lobbyConstants.listPageSize,
  });
  return (
    <GameDialog
      title={t('vendorPopup.title', { vendor: vendorGame.displayName })}
      onClose={onClose}
      className="vendor-games-popup"
    >
      <GameGrid
        games={list.data?.content.filter((game) => game.isGame === 'GAME')}
        isLoading={list.isLoading}
        isError={list.isError}
        onRetry={() => void list.refetch()}
        skeletonCount={6}
      />
    </GameDialog>
  );
}
