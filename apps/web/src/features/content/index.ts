/**
 * Content and service. Everything here is loaded lazily by the app layer: the entries below are
 * the chunk boundaries, imported with React.lazy, never statically into home.
 */
export { PromotionsPage } from './pages/promotions-page';
export { MessagesPage } from './pages/messages-page';
export { AppDownloadPage } from './pages/app-download-page';
export { CustomerServicePage } from './pages/customer-service-page';
