/**
 * Every zod schema of the contracts, by area: what the call definitions name (`SchemaName`) and what
 * the server resolves those names with.
 */
export * from './envelope';
export * from './paging';
export * from './system';
export * from './auth';
export * from './wallet';
export * from './payments';
export * from './seamless';
export * from './transfer-wallet';
export * from './history';
export * from './inhouse';
export * from './inhouse-crash';
export * from './games';
export * from './lottery';
export * from './content';
export * from './messages';
export * from './security';
export * from './agents';
export * from './agent-contracts';
export * from './rewards';
export * from './referrals';
export * from './reward-draws';
export * from './reward-comments';
export * from './points';
export * from './staff';
export * from './responsible-gaming';
export * from './operator-players';
export * from './operator-settings';
export * from './social-login';
export * from './reports';
export * from './audit';
export * from './push';
