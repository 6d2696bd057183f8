import { PromotionsPage } from '../../features/promotions';

/** /promotions. */
export default function PromotionsRoute() {
  return <PromotionsPage />;
}
