export * from './envelope';
export * from './errors';
export * from './system';
export * from './calls';
export * from './rules/index';
export * from './auth';
export * from './wallet';
export * from './seamless';
