/**
 * The payments module's public face (decision 0027): payment gateways, the withdrawal receipt
 * deadline, the limits check (channel and withdrawal minimum and maximum), and the image checks shared
 * with uploads elsewhere (content, feedback).
 */
export type { GatewayRegistry, PaymentGateway } from './gateways/payment-gateway';
export { createTestGateway } from './gateways/test-gateway';
export { checkedImages, contentTypeOfKey, imageTypeOf, storeProof } from './proof-image';
export { limitRange } from './money';
export { forceDueReceipts } from './withdrawals.service';
export { maskAccountNumber, verifyPaymentPassword } from './member-money.service';
export { depositedWithin } from './deposit-totals';
export { seedDeposit, type SeedDepositRequest } from './deposits.service';
