export * from './register-fields';
export * from './registration-patterns';
export * from './money';
export * from './payments';
export * from './lottery';
export * from './control-characters';
export * from './comments';
export * from './reports';
