import { defineCalls } from '../call';

// The operator console's settings (issue 16): apart from the player's catalogue, like every ops group, so
// none of these definitions loads with the player's first page.

/**
 * The merchant's white-label settings (/ops/settings): one read of everything the settings page shows
 * and one write per area, each validated by the schema the player API answers with. A write reaches the
 * player API at once (the merchants' settings snapshot is dropped on every instance).
 */
export const opsSettingsCalls = defineCalls({
  opsSettings: {
    method: 'GET',
    path: '/ops/settings',
    moduleId: 'ops',
    token: true,
    summary:
      "The merchant's white-label settings: modules, languages, brand, register form, status, withdrawals",
    response: 'whitelabelSettings',
    errors: ['operator_role_forbidden'],
  },
  opsSettingsModules: {
    method: 'PUT',
    path: '/ops/settings/modules',
    moduleId: 'ops',
    token: true,
    summary: 'Sets the module switches players see (whitelabel.modules)',
    body: 'moduleFlags',
    response: 'whitelabelSettings',
    errors: ['operator_role_forbidden'],
  },
  opsSettingsLanguages: {
    method: 'PUT',
    path: '/ops/settings/languages',
    moduleId: 'ops',
    token: true,
    summary: 'Sets the languages and themes offered and their defaults',
    body: 'languageSettings',
    response: 'whitelabelSettings',
    errors: ['operator_role_forbidden'],
  },
  opsSettingsBranding: {
    method: 'PUT',
    path: '/ops/settings/branding',
    moduleId: 'ops',
    token: true,
    summary: 'Sets the logo (an uploaded content image) and the primary and accent colours',
    body: 'brandingSettings',
    response: 'whitelabelSettings',
    errors: ['operator_role_forbidden'],
  },
  opsSettingsRegister: {
    method: 'PUT',
    path: '/ops/settings/register',
    moduleId: 'ops',
    token: true,
    summary: "Replaces the register form's fields: shown, required, pattern id, accepted pattern, lengths",
    body: 'registerSettingsPayload',
    response: 'whitelabelSettings',
    errors: ['operator_role_forbidden'],
  },
  opsSettingsCountries: {
    method: 'PUT',
    path: '/ops/settings/countries',
    moduleId: 'ops',
    token: true,
    summary:
      'Replaces the countries (code and dialing code) the mobile pickers offer; the first is preselected',
    body: 'countrySettings',
    response: 'whitelabelSettings',
    errors: ['operator_role_forbidden'],
  },
  opsSettingsLayout: {
    method: 'PUT',
    path: '/ops/settings/layout',
    moduleId: 'ops',
    token: true,
    summary: "Sets the player pages' layout: the game lists as a grid or in columns of two (chunked2)",
    body: 'layoutSettings',
    response: 'whitelabelSettings',
    errors: ['operator_role_forbidden'],
  },
  opsSettingsSocial: {
    method: 'PUT',
    path: '/ops/settings/social',
    moduleId: 'ops',
    token: true,
    summary:
      "Sets one social login provider's OpenID Connect issuer, client id, secret (write-only) and switch",
    body: 'socialLoginPayload',
    response: 'whitelabelSettings',
    errors: ['operator_role_forbidden', 'social_login_secret_required'],
  },
  opsSettingsStatus: {
    method: 'PUT',
    path: '/ops/settings/status',
    moduleId: 'ops',
    token: true,
    summary: 'Sets maintenance (message, allow-listed addresses) and the allowed and blocked countries',
    body: 'statusSettings',
    response: 'whitelabelSettings',
    errors: ['operator_role_forbidden'],
  },
  opsSettingsWithdrawals: {
    method: 'PUT',
    path: '/ops/settings/withdrawals',
    moduleId: 'ops',
    token: true,
    summary: 'Sets the withdrawal limits and the minutes after a payout when it counts as received',
    body: 'withdrawalSettings',
    response: 'whitelabelSettings',
    errors: ['operator_role_forbidden', 'invalid_amount', 'limit_range_invalid'],
  },
});

/** Deposit channels and their limits (/ops/payments/channels): what the player's deposit page lists. */
export const opsChannelCalls = defineCalls({
  opsPaymentChannels: {
    method: 'GET',
    path: '/ops/payments/channels',
    moduleId: 'ops',
    token: true,
    summary: "The merchant's deposit channels in player order, disabled ones included, and the gateways run",
    response: 'operatorPaymentChannelList',
    errors: ['operator_role_forbidden'],
  },
  opsPaymentChannelCreate: {
    method: 'POST',
    path: '/ops/payments/channels',
    moduleId: 'ops',
    token: true,
    summary: 'Adds a manual bank or gateway channel (last in the order)',
    body: 'paymentChannelPayload',
    response: 'operatorPaymentChannel',
    errors: [
      'operator_role_forbidden',
      'invalid_amount',
      'limit_range_invalid',
      'channel_name_taken',
      'gateway_unknown',
    ],
  },
  opsPaymentChannelUpdate: {
    method: 'PUT',
    path: '/ops/payments/channels/:id',
    moduleId: 'ops',
    token: true,
    summary: "Replaces a channel's name, limits, account or gateway and switch (its type stays)",
    params: 'channelIdParams',
    body: 'paymentChannelPayload',
    response: 'operatorPaymentChannel',
    errors: [
      'operator_role_forbidden',
      'channel_not_found',
      'channel_type_fixed',
      'invalid_amount',
      'limit_range_invalid',
      'channel_name_taken',
      'gateway_unknown',
    ],
  },
  opsPaymentChannelOrder: {
    method: 'PUT',
    path: '/ops/payments/channels/order',
    moduleId: 'ops',
    token: true,
    summary: "Sets the order players see the channels in (every channel's id once)",
    body: 'channelOrderPayload',
    response: 'operatorPaymentChannelList',
    errors: ['operator_role_forbidden', 'channel_order_mismatch'],
  },
});

/**
 * Merchants and their domains (/ops/merchants): the platform role's calls, answered only on the
 * platform's home merchant and not scoped to it (decision 0036).
 */
export const opsMerchantCalls = defineCalls({
  opsMerchants: {
    method: 'GET',
    path: '/ops/merchants',
    moduleId: 'ops',
    token: true,
    summary: 'Every merchant with its domains, by code (search: code, name or domain)',
    query: 'merchantListQuery',
    response: 'operatorMerchantPage',
    errors: ['operator_role_forbidden', 'platform_home_only'],
  },
  opsMerchantCreate: {
    method: 'POST',
    path: '/ops/merchants',
    moduleId: 'ops',
    token: true,
    summary: 'Creates a merchant (its register form copied from the home merchant) and its first owner',
    body: 'merchantCreatePayload',
    response: 'merchantCreateResult',
    errors: ['operator_role_forbidden', 'platform_home_only', 'merchant_code_taken'],
  },
  opsMerchantDomainAdd: {
    method: 'POST',
    path: '/ops/merchants/:code/domains',
    moduleId: 'ops',
    token: true,
    summary: "Adds a host name the merchant answers on (unique across merchants); main: its links' domain",
    params: 'merchantCodeParams',
    body: 'merchantDomainPayload',
    response: 'operatorMerchant',
    errors: ['operator_role_forbidden', 'platform_home_only', 'merchant_not_found', 'domain_taken'],
  },
  opsMerchantDomainRemove: {
    method: 'DELETE',
    path: '/ops/merchants/:code/domains/:domain',
    moduleId: 'ops',
    token: true,
    summary: 'Removes a host name; requests for it then resolve as an unknown host',
    params: 'merchantDomainParams',
    response: 'operatorMerchant',
    errors: [
      'operator_role_forbidden',
      'platform_home_only',
      'merchant_not_found',
      'domain_not_found',
      'domain_in_use',
    ],
  },
});
