// The lottery pages; only the lottery route's lazy chunk imports this file (never home).
import './lottery.css';
import '../../styles/money-pages.css';

export { LotteryPage } from './components/lottery-page';
export { defaultLotteryOf } from './model/lottery-routes';
