import { authCalls, memberCalls } from './auth.calls';
import { contentCalls } from './content.calls';
import { gameCalls } from './games.calls';
import { historyCalls } from './history.calls';
import { inhouseCalls } from './inhouse.calls';
import { lotteryCalls } from './lottery.calls';
import { messageCalls } from './messages.calls';
import { paymentCalls } from './payments.calls';
import { pushCalls } from './push.calls';
import { systemCalls } from './system.calls';
import { walletCalls } from './wallet.calls';

export * from './headers';

/**
 * The calls of the player web app (spec section 7), by the name the client calls them with. Its own
 * entry (`@portal/contracts/calls/player`) for the web client: the catalogue's index also reaches the
 * operator groups, whose definitions would then load with the player's first page.
 */
export const calls = {
  ...systemCalls,
  ...authCalls,
  ...memberCalls,
  ...walletCalls,
  ...historyCalls,
  ...paymentCalls,
  ...gameCalls,
  ...inhouseCalls,
  ...lotteryCalls,
  ...contentCalls,
  ...messageCalls,
  ...pushCalls,
};
export type Calls = typeof calls;
export type CallName = keyof Calls;
