export * from './api.ts';
export * from './auth.ts';
export * from './config.ts';
export * from './constants.ts';
export * from './format.ts';
export * from './locale.ts';
export * from './messages.ts';
export * from './money.ts';
