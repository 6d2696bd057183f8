import type { GameCategory, MenuVendor } from '@portal/contracts';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Icon } from '../../../components/ui/icon';
import { useGameMenus } from '../api/games-queries';
import { categoryPath, isListCategory, largeMenuGameCount } from '../model/game-routes';
import { useGames } from '../model/games-context';

/** One vendor of the menu: list categories filter their page by it, centre categories launch it. */
function VendorEntry({
  category,
  vendor,
  onChosen,
}: {
  category: GameCategory;
  vendor: MenuVendor;
  onChosen: () => void;
}) {
  const { t } = useTranslation('games');
  const games = useGames();
  const content = (
    <>
      <img src={vendor.iconUrl} alt="" width={28} height={28} loading="lazy" decoding="async" />
      <span>{vendor.displayName}</span>
      <span className="vendor-menu__count">
        {vendor.maintenance ? t('item.maintenance') : t('menu.gameCount', { count: vendor.gameCount })}
      </span>
    </>
  );
  if (isListCategory(category)) {
    return (
      <Link
        className="vendor-menu__vendor"
        to={`${categoryPath(category)}?vassalage=${vendor.vassalage}`}
        onClick={onChosen}
      >
        {content}
      </Link>
    );
  }
  return (
    <button
      type="button"
      className="vendor-menu__vendor"
      onClick={() => {
        onChosen();
        games.launch({ kind: 'vendor', vendor });
      }}
    >
      {content}
    </button>
  );
}

/**
 * The header's drop-down vendor menu of one game type. It uses the large (grid) layout when a vendor
 * has over 10 games. Escape or a click outside closes it and focus returns to its button.
 */
export function VendorMenu({ category, label }: { category: GameCategory; label: string }) {
  const { t } = useTranslation('games');
  const menus = useGameMenus();
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const vendors = menus.data?.menus.find((menu) => menu.gameType === category)?.vendors ?? [];
  const large = vendors.some((vendor) => vendor.gameCount > largeMenuGameCount);

  useEffect(() => {
    if (!open) return undefined;
    const onPointer = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    return () => document.removeEventListener('pointerdown', onPointer);
  }, [open]);

  if (vendors.length === 0) return null;
  return (
    <div
      ref={rootRef}
      className="vendor-menu"
      onKeyDown={(event) => {
        if (event.key === 'Escape' && open) {
          event.stopPropagation();
          setOpen(false);
          buttonRef.current?.focus();
        }
      }}
    >
      <button
        ref={buttonRef}
        type="button"
        className="vendor-menu__toggle"
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={t('menu.vendorsOf', { category: label })}
        onClick={() => setOpen((value) => !value)}
      >
        <Icon name="chevronDown" size={16} />
      </button>
      {open ? (
        <div
          id={panelId}
          className={large ? 'vendor-menu__panel vendor-menu__panel--large' : 'vendor-menu__panel'}
        >
          <ul className="vendor-menu__list">
            {vendors.map((vendor) => (
              <li key={vendor.vassalage}>
                <VendorEntry category={category} vendor={vendor} onChosen={() => setOpen(false)} />
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}
