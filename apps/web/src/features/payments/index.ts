// The payments pages of the member centre. Only the lazily loaded member route imports this file, so
// none of it enters the home page's first load.
import './payments.css';

export { DepositPage } from './components/deposit-page';
export { WithdrawPage } from './components/withdraw-page';
export { TransferUplinePage, DownlineTransferForm } from './components/transfer-upline-page';
export { PaymentSecuritySections } from './components/payment-security-sections';
