import { PromotionsPage } from '../../features/content';

/** /promotions, and /promotions#<id> with that promotion open. */
export default function PromotionsRoute() {
  return <PromotionsPage />;
}
