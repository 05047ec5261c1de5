export * from './pairing';
export * from './metrics';
export * from './laws';
export * from './calibrate';
