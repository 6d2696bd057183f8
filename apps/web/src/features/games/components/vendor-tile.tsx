import type { MenuVendor } from '@portal/contracts';
import { useTranslation } from 'react-i18next';
import { targetKey, useGames } from '../model/games-context';

/** Icon size of a vendor tile. */
const tileIconSize = 96;

/**
 * A vendor tile (spec section 2): a click anywhere launches the vendor; the start button shows only
 * when the menu says so (it is hidden for RNG). A vendor under maintenance shows its message.
 */
export function VendorTile({ vendor }: { vendor: MenuVendor }) {
  const { t } = useTranslation('games');
  const games = useGames();
  const busy = games.launchingKey === targetKey({ kind: 'vendor', vendor });
  return (
    <button
      type="button"
      className="vendor-tile"
      aria-busy={busy}
      disabled={busy}
      aria-label={t('centre.launch', { vendor: vendor.displayName })}
      onClick={() => games.launch({ kind: 'vendor', vendor })}
    >
      <img
        className="vendor-tile__icon"
        src={vendor.iconUrl}
        alt=""
        width={tileIconSize}
        height={tileIconSize}
        loading="lazy"
        decoding="async"
      />
      <span className="vendor-tile__name">{vendor.displayName}</span>
      {vendor.maintenance ? (
        <span className="vendor-tile__maintenance">{vendor.maintenanceMessage ?? t('item.maintenance')}</span>
      ) : null}
      {vendor.showStart ? (
        <span className="button button--primary vendor-tile__start" aria-hidden="true">
          {t('centre.start')}
        </span>
      ) : null}
    </button>
  );
}
