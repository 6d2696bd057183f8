/**
 * The call catalogue (decision 0026): every call of the API declared once, by area. Plain data (schemas
 * are named, not embedded), so the web bundle imports it without zod.
 */
export * from './headers';
export * from './legacy';
export { systemCalls } from './system.calls';
export { authCalls, memberCalls } from './auth.calls';
export { opsSessionCalls } from './operators.calls';
export { contentCalls, opsContentCalls } from './content.calls';
export { messageCalls, opsMessageCalls } from './messages.calls';
export { walletCalls } from './wallet.calls';
export { historyCalls } from './history.calls';
export { gameCalls, opsGameCalls } from './games.calls';
export { inhouseCalls } from './inhouse.calls';
export { lotteryCalls } from './lottery.calls';
export { vendorCalls } from './vendor.calls';
export { opsPaymentCalls, paymentCalls, providerCalls } from './payments.calls';
