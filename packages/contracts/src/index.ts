export * from './envelope';
export * from './errors';
export * from './system';
export * from './calls';
export * from './rules/index';
