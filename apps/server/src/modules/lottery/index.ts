/** The lottery module's public face (decision 0027): the scheduled run (open, draw, settle) and its wallet. */
export { newSeed, seedHashOf } from './lottery-draw';
export { runLottery, type LotteryRunSummary } from './lottery-settlement.service';
export { LotteryWallet } from './lottery-wallet';
