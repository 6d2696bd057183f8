import { defineCalls } from '../call';

const paymentPasswordErrors = [
  'payment_password_not_set',
  'payment_password_wrong',
  'payment_password_locked',
] as const;

/**
 * Points and the points mall (issue 15, decision 0033): relay calls as spec section 7 names them
 * (`/wps/relay/points_{action}`). Their own entry (`@portal/contracts/calls/points`), as the reward
 * calls, so the player's first load does not carry them; the /pointMall pages send them by definition.
 */
export const pointsCalls = defineCalls({
  pointsBalance: {
    method: 'GET',
    path: '/wps/relay/points_balance',
    moduleId: 'points',
    token: true,
    summary: "Current points: redeemable, held by redeems In Process, owed, and the caller's VIP level",
    response: 'pointsBalance',
    errors: [],
  },
  pointsReward: {
    method: 'GET',
    path: '/wps/relay/points_reward',
    moduleId: 'points',
    token: true,
    summary: "The points mall's items (enabled, in stock)",
    response: 'pointsItemList',
    errors: [],
  },
  pointsRedeem: {
    method: 'POST',
    path: '/wps/relay/points_redeem',
    moduleId: 'points',
    token: true,
    summary:
      'Redeems units of an item: the points are held, the redeem is In Process (small cash may approve)',
    body: 'pointsRedeemPayload',
    response: 'pointsRedeemResult',
    errors: [
      'points_item_not_found',
      'points_item_unavailable',
      'points_units_out_of_range',
      'points_insufficient',
      'points_address_required',
      'points_vip_level_required',
      'idempotency_conflict',
      ...paymentPasswordErrors,
    ],
  },
  pointsConvert: {
    method: 'POST',
    path: '/wps/relay/points_convert',
    moduleId: 'points',
    token: true,
    summary: "Converts points to main-wallet balance at the merchant's ratio, when the merchant enables it",
    body: 'pointsConvertPayload',
    response: 'pointsConvertResult',
    errors: [
      'points_convert_off',
      'points_insufficient',
      'points_amount_too_small',
      'idempotency_conflict',
      ...paymentPasswordErrors,
    ],
  },
  pointsConfig: {
    method: 'GET',
    path: '/wps/relay/points_config',
    moduleId: 'points',
    token: false,
    summary: 'Points rules: earning rates per type, the convert ratio and switch, the VIP tiers',
    response: 'pointsConfig',
    errors: [],
  },
  pointsRecords: {
    method: 'GET',
    path: '/wps/relay/points_records',
    moduleId: 'points',
    token: true,
    summary: 'Points details, newest first: type, time, changed points, points balance, remark, reference',
    query: 'pointsRecordsQuery',
    response: 'pointsRecordPage',
    errors: [],
  },
  pointsRedeemHistory: {
    method: 'GET',
    path: '/wps/relay/points_redeemHistory',
    moduleId: 'points',
    token: true,
    summary: 'Redeem history, newest first: reference, apply time, item, quantity, requirements, status',
    query: 'pointsHistoryQuery',
    response: 'pointsRedeemPage',
    errors: [],
  },
});
