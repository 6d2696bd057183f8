import type { BannerGroup } from '@portal/contracts';
import { BannerCarousel } from '../home/banner-carousel';
import '../content.css';

/**
 * The banners of one place (login, register and forgot-password popups, game pages, side menu) as a
 * small carousel; nothing when the place has none. Loaded lazily by the app layer.
 */
export default function BannerSlot({ group }: { group: BannerGroup }) {
  return <BannerCarousel groupName={group} className="banner-slot" />;
}
