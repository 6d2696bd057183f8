export { PromotionsPage } from './promotions-page';
