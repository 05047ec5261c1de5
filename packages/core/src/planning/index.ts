// The AWD planning simulator (issue 22; docs/methods/awd.md).
export * from './types';
export * from './rules';
export * from './workbook';
export * from './bounds';
export * from './simulate';
export * from './statistics';
export * from './contractors';
export * from './intervals';
export * from './data-check';
export * from './units';
export * from './alpha';
