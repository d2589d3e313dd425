export * from './users.ts';
export * from './settings.ts';
export * from './catalog.ts';
export * from './notifications.ts';
export * from './finance.ts';
export * from './cart.ts';
export * from './orders.ts';
export * from './markets.ts';
