/** The history module's public face (decision 0027): a player's money and bet records. */
export { accountRecords, betRecords, bonusDetails, personalProfit, walletHistory } from './history.service';
