import { useState } from 'react';
import { useLocation } from 'react-router';
import { useSession } from '../../../lib/use-session';
import { AnnouncementPopup } from './announcement-popup';
import { BannerCarousel } from './banner-carousel';
import { NoticeListDialog } from './notice-list-dialog';
import { NoticeMarquee } from './notice-marquee';
import '../content.css';

/** Home's content: the notice marquee, the w_home banner carousel, the popup and the notice list. */
export default function HomeContent() {
  const { token } = useSession();
  const [listOpen, setListOpen] = useState(false);
  // Over /login, /register and /help another dialog owns the screen; the popup waits for plain home.
  const onPlainHome = !['/login', '/register', '/help'].includes(useLocation().pathname);
  return (
    <div className="home-content">
      <NoticeMarquee onOpenList={() => setListOpen(true)} />
      <BannerCarousel groupName="w_home" />
      {onPlainHome ? <AnnouncementPopup token={token} /> : null}
      {listOpen ? <NoticeListDialog onClose={() => setListOpen(false)} /> : null}
    </div>
  );
}
