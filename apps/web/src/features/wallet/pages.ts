// The transfer wallet page; only the member centre's lazy chunk imports this file (never home).
import '../../styles/money-pages.css';

export { TransferFund } from './components/transfer-fund';
