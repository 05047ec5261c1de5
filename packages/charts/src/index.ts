export * from './payload';
export * from './common';
export * from './series';
export * from './distributions';
export * from './windows';
export * from './extremes';
export * from './views';
export * from './contours';
