export * from './schemas';
export * from './errors';
export * from './call';
export * from './calls/index';
export * from './rules/index';
