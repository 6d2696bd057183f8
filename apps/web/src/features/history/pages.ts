// The history pages of the member centre; only its lazy chunks import this file (never home).
import '../../styles/money-pages.css';

export { TransactionHistory } from './components/transaction-history';
export { BettingRecords } from './components/betting-records';
export { PersonalProfit } from './components/personal-profit';
export { BonusDetails } from './components/bonus-details';
