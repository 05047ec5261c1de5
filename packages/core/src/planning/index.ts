// The AWD planning simulator (issue 22; docs/methods/awd.md).
export * from './types';
export * from './rules';
export * from './workbook';
export * from './simulate';
export * from './statistics';
export * from './contractors';
export * from './alpha';
