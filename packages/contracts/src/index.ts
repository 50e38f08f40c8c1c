export * from './accounts';
export * from './content';
export * from './enums';
export * from './envelope';
export * from './errors';
export * from './locales';
export * from './messages';
export * from './validation';
