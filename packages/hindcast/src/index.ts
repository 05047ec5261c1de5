// @metocean/hindcast: the data layer (README.md).
export * from './csv';
export * from './model';
export * from './nearest';
export * from './zarr';
export * from './cf';
export * from './decode';
export * from './netcdf';
export * from './point';
export * from './ingest';
export * from './tides';
export * from './synthetic';
export * from './netcdf-write';
export * from './stat2d';
export * from './observations';
export * from './demo';
export * from './tiles';
export * from './grid-nodes';
