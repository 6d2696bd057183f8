import { defineCalls } from '../call';

/**
 * The merchant's catalogue on /ops: the console's lists and the switches (the owner's); every change
 * reaches every instance's snapshot. Its own module, apart from the player's gameCalls, so none of it
 * loads with the player's first page (as payments-ops.calls.ts).
 */
export const opsGameCalls = defineCalls({
  opsGameVendors: {
    method: 'GET',
    path: '/ops/games/vendors',
    moduleId: 'ops',
    token: true,
    summary:
      "Every vendor of the platform with this merchant's switches and game counts (the console's list)",
    response: 'opsVendorList',
    errors: [],
  },
  opsGames: {
    method: 'GET',
    path: '/ops/games/games',
    moduleId: 'ops',
    token: true,
    summary:
      'A page of the games (of one vendor) with the switches in force at this merchant, by name or code',
    query: 'opsGameListQuery',
    response: 'opsGamePage',
    errors: [],
  },
  opsGameVendorUpdate: {
    method: 'PUT',
    path: '/ops/games/vendors/:code',
    moduleId: 'ops',
    token: true,
    summary:
      "Switch a vendor on or off, order it, put it under maintenance, or set its seamless win policy (wins without a bet, the round's win cap)",
    params: 'opsVendorParams',
    body: 'opsVendorSettingsBody',
    response: 'opsVendorSettings',
    errors: [],
  },
  opsGameUpdate: {
    method: 'PUT',
    path: '/ops/games/games/:id',
    moduleId: 'ops',
    token: true,
    summary: "Override a game's on/off, order or hot flag for this merchant",
    params: 'opsGameParams',
    body: 'opsGameSettingsBody',
    response: 'opsGameSettings',
    errors: [],
  },
  opsGameVendorSync: {
    method: 'POST',
    path: '/ops/games/vendors/:code/sync',
    moduleId: 'ops',
    token: true,
    summary: "Read the vendor's published catalogue and bring its games in line (add, rename, switch off)",
    params: 'opsVendorParams',
    response: 'opsCatalogueSyncResult',
    errors: ['catalogue_not_published', 'vendor_unavailable'],
  },
});
