export * from './messages';
export * from './errors';
export * from './limits';
export * from './password';
export * from './auth';
export * from './users';
export * from './site';
export * from './paths';
