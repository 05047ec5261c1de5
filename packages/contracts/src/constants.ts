// The contracts' plain constants that the first page reads, kept apart from the modules that build zod
// schemas: importing one of those evaluates its schemas and brings zod into the first page (issue 34).

/** Error codes the client acts on. */
export const errorCodes = {
  tokenExpired: 'token_expired',
  tokenInvalid: 'token_invalid',
  maintenance: 'maintenance',
  upgradeRequired: 'upgrade_required',
  locked: 'locked',
} as const;

/** The base layers of spec 002 'Map screens', in its order (World Imagery is the default when configured). */
export const baseLayerNames = [
  'World Street Map',
  'Google Hybrid',
  'National Geographic',
  'OpenStreetMap',
  'World Imagery',
] as const;

/**
 * Project types drive the colour band of the project cards (spec 000 §2.3: offer type, light type, demo
 * zone) and the dashboard behaviour.
 */
export const projectTypes = { offer: 0, light: 1, demo: 2, dashboard: 3 } as const;
