import type { Announcement } from '@portal/contracts';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePopupSeen, usePopups } from '../api/content-queries';
import { ContentDialog } from '../components/content-dialog';
import { RichContent } from '../../../components/ui/rich-content';
import { rememberPopup, shownPopups } from '../lib/popup-memory';

/**
 * The announcement popup (decision 0017): the popups the server returns for this caller that this
 * browser session has not shown under the caller's key (anonymous or user), one after another. Closing
 * an F popup as a member also tells the server, so it never comes back for that member.
 */
export function AnnouncementPopup({ token }: { token: string | null }) {
  const { t } = useTranslation('content');
  const loggedIn = token !== null;
  const popups = usePopups(token);
  const seen = usePopupSeen();
  const [closed, setClosed] = useState<ReadonlySet<string>>(() => new Set());
  // Decided once per answer (the popup query never refetches on its own): what this session has not shown.
  const fresh = useMemo<Announcement[]>(() => {
    const shown = shownPopups(loggedIn);
    return (popups.data ?? []).filter((popup) => !shown.has(popup.id));
  }, [popups.data, loggedIn]);

  useEffect(() => {
    // Remembered as soon as they are shown: a reload mid-popup does not show them again.
    for (const popup of fresh) rememberPopup(loggedIn, popup.id);
  }, [fresh, loggedIn]);

  const queue = fresh.filter((popup) => !closed.has(popup.id));
  const current = queue[0];
  if (!current) return null;
  const close = () => {
    if (loggedIn && current.popupExecution === 'F') seen.mutate(current.id);
    setClosed((previous) => new Set([...previous, current.id]));
  };
  return (
    <ContentDialog
      key={current.id}
      title={current.title}
      icon="info"
      onClose={close}
      className="announcement-popup"
    >
      {current.announcementImages.map((image) => (
        <img key={image.sequence} src={image.url} alt="" className="announcement-popup__image" />
      ))}
      <RichContent html={current.content} />
      <div className="content-dialog__actions">
        <button type="button" className="button button--primary" onClick={close} data-autofocus>
          {queue.length > 1 ? t('popup.next') : t('popup.close')}
        </button>
      </div>
    </ContentDialog>
  );
}
