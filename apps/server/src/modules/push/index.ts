/**
 * The push module's public face (decision 0042): the one server-to-browser channel. Other modules publish
 * events on topics through the app's hub (`app.deps.push.publish(topic, event)`); the ledger and the
 * seamless wallet announce balance changes, which the hub turns into `balance` events on the player's
 * topic. app.ts registers push.routes.ts (the browsers' SSE stream) itself.
 */
export {
  PushHub,
  signalBalanceChange,
  type BalanceReader,
  type PushHubOptions,
  type PushListener,
} from './push-hub';
export { gameTopic, maxEventBytes, merchantTopic, playerTopic, type PushEvent } from './topics';
