export * from './api-client';
export * from './api-error';
export * from './query';
