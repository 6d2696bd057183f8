import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { RgLastLogin } from '@portal/contracts';
import { readStored, writeStored } from '../../../lib/storage';
import { lastLoginShownKey, placeOf } from '../model/last-login';
import { formatWhen } from './limits-section';

const visibleMs = 15_000;

/**
 * After each login, the time and place of the login before it (issue 17), once per login: a polite
 * status note in a corner, closed by its button or after 15 seconds, not shown again on a reload.
 */
export function LastLoginNotice({ lastLogin }: { lastLogin: RgLastLogin | null }) {
  const { t, i18n } = useTranslation('rg');
  const [open, setOpen] = useState(
    () => lastLogin !== null && readStored('sessionStorage', lastLoginShownKey) !== lastLogin.at,
  );
  useEffect(() => {
    if (!open || !lastLogin) return undefined;
    writeStored('sessionStorage', lastLoginShownKey, lastLogin.at);
    const timer = window.setTimeout(() => setOpen(false), visibleMs);
    return () => window.clearTimeout(timer);
  }, [open, lastLogin]);
  if (!open || !lastLogin) return null;
  return (
    <div className="rg-last-login-notice" role="status">
      <p>
        {t('lastLogin', {
          when: formatWhen(lastLogin.at, i18n.language),
          ip: placeOf(lastLogin, i18n.language),
        })}
      </p>
      <button type="button" className="button" onClick={() => setOpen(false)}>
        {t('common.close', { ns: 'translation' })}
      </button>
    </div>
  );
}
