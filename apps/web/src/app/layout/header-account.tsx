import { formatMoneyDisplay, maskMoney, parseMinor } from '@portal/contracts/rules';
import type { MemberInfo } from '@portal/contracts';
import { useEffect, useId, useRef, useState, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Icon } from '../../components/ui/icon';
import { Skeleton } from '../../components/ui/skeleton';
import { useIdentity, useMemberInfo } from '../../features/identity';
import { isAgentSession } from '../../lib/session';
import { readStored, writeStored } from '../../lib/storage';
import { useSession } from '../../lib/use-session';
import { ContentSlot } from './lazy-content';
import { useLiveBalance } from './live-balance';

/** localStorage key remembering that the visitor hides the balance. */
export const balanceHiddenKey = 'balanceHidden';

/** The balance for the header: 2 decimals (the currency's) with separators, or six asterisks. */
export function balanceDisplay(
  member: Pick<MemberInfo, 'balance' | 'currencySymbol'>,
  decimals: number,
  hidden: boolean,
) {
  const minor = parseMinor(member.balance, decimals);
  const shown = minor === null ? member.balance : formatMoneyDisplay(minor, decimals, member.currencySymbol);
  return hidden ? maskMoney(shown) : shown;
}

function AccountMenu({ isAgent }: { isAgent: boolean }) {
  const { t } = useTranslation();
  const identity = useIdentity();
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const containerRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return undefined;
    const onPointer = (event: PointerEvent) => {
      if (!containerRef.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  const close = () => setOpen(false);
  return (
    <div className="account-menu" ref={containerRef}>
      <button
        type="button"
        className="icon-button"
        aria-label={t('identity.account.menu')}
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((current) => !current)}
      >
        <Icon name="user" />
      </button>
      {open ? (
        <ul id={menuId} className="account-menu__list">
          {isAgent ? (
            <li>
              <Link to="/agentHome" onClick={close}>
                <Icon name="users" size={18} />
                {t('nav.agentHome')}
              </Link>
            </li>
          ) : null}
          <li>
            <Link to="/member" onClick={close}>
              <Icon name="user" size={18} />
              {t('nav.member')}
            </Link>
          </li>
          <li>
            <Link to="/member?tab=securityCenter" onClick={close}>
              <Icon name="shield" size={18} />
              {t('memberCentre.tabs.securityCenter')}
            </Link>
          </li>
          <li>
            <button
              type="button"
              onClick={() => {
                close();
                identity.openDialog('logout');
              }}
            >
              <Icon name="logout" size={18} />
              {t('identity.logout.action')}
            </button>
          </li>
        </ul>
      ) : null}
    </div>
  );
}

/** The logged-in header: name, balance (shown or masked), deposit, withdraw and the account menu. */
export function HeaderAccount({ currencyDecimals }: { currencyDecimals: number }) {
  const { t } = useTranslation();
  const identity = useIdentity();
  const session = useSession();
  const member = useMemberInfo();
  useLiveBalance();
  const [hidden, setHidden] = useState(() => readStored('localStorage', balanceHiddenKey) === '1');

  const toggleHidden = () => {
    writeStored('localStorage', balanceHiddenKey, hidden ? null : '1');
    setHidden(!hidden);
  };
  // Trial accounts may not deposit or withdraw; the link then explains why instead of navigating.
  const guardRealAccount = (event: MouseEvent) => {
    if (!identity.requireRealAccount()) event.preventDefault();
  };

  return (
    <div className="header-account">
      <div className="header-account__info">
        <span className="header-account__name">
          {member.data ? (
            (member.data.nickname ?? member.data.account)
          ) : (
            <Skeleton className="skeleton--brand" />
          )}
        </span>
        <span className="header-account__balance">
          <span className="visually-hidden">{t('identity.account.balance')} </span>
          <output aria-live="polite">
            {member.data ? balanceDisplay(member.data, currencyDecimals, hidden) : '…'}
          </output>
          <button
            type="button"
            className="header-account__toggle"
            aria-pressed={hidden}
            aria-label={hidden ? t('identity.account.showBalance') : t('identity.account.hideBalance')}
            onClick={toggleHidden}
          >
            <Icon name={hidden ? 'eyeOff' : 'eye'} size={16} />
          </button>
        </span>
      </div>
      <Link
        to="/member?tab=depositv2"
        className="button button--primary header-account__deposit"
        onClick={guardRealAccount}
      >
        <Icon name="wallet" size={18} />
        {t('identity.account.deposit')}
      </Link>
      <Link
        to="/member?tab=withdraw"
        className="button button--ghost header-account__withdraw"
        onClick={guardRealAccount}
      >
        {t('identity.account.withdraw')}
      </Link>
      <ContentSlot kind="headerPoints" />
      <ContentSlot kind="headerMessages" />
      <AccountMenu isAgent={isAgentSession(session)} />
    </div>
  );
}
