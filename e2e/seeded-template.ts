// The browser suite's globalSetup: seeds once the DATA_DIR every test server copies (harness.ts), draws in a
// copy of it the maps of the zones the tests' screens show (MAP_ZONES), and removes both at the end.
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import type { Stat2dMap, Zone } from '@metocean/contracts';
import { apiCall, apiToken, MAP_ZONES, seedDataDir, serveDataDir } from './harness';

export default async function setup(project: TestProject): Promise<() => void> {
  const dataDir = await seedDataDir();
  const mapsDir = mkdtempSync(join(tmpdir(), 'metocean-e2e-seeded-maps-'));
  try {
    cpSync(dataDir, mapsDir, { recursive: true });
    await drawMaps(mapsDir, MAP_ZONES);
  } catch (error) {
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(mapsDir, { recursive: true, force: true });
    throw error;
  }
  project.provide('e2eSeededDataDir', dataDir);
  project.provide('e2eSeededMapsDataDir', mapsDir);
  return () => {
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(mapsDir, { recursive: true, force: true });
  };
}

/**
 * Draws the zones' maps in `dataDir` as the product does on their first view: the superuser asks for each
 * zone's maps (which starts its render) until every one is available.
 */
async function drawMaps(dataDir: string, zoneNames: string[]): Promise<void> {
  const server = await serveDataDir(dataDir);
  try {
    const token = await apiToken(server.url, 'admin');
    const zones = await apiCall<Zone[]>(server.url, token, 'GET', '/api/zones/');
    const ids = zoneNames.map((name) => {
      const zone = zones.find((z) => z.name === name);
      if (!zone) throw new Error(`the seeded data has no zone "${name}"`);
      return zone.id;
    });
    const deadline = Date.now() + 300_000;
    for (;;) {
      const maps = await Promise.all(
        ids.map((id) => apiCall<Stat2dMap>(server.url, token, 'GET', `/api/stat2Ds/?zone=${id}`)),
      );
      if (maps.every((map) => map.status === 'available')) return;
      const other = maps.find((map) => map.status !== 'available' && map.status !== 'rendering');
      if (other) throw new Error(`the maps of ${other.zoneName} are ${other.status}: ${other.message}`);
      if (Date.now() > deadline)
        throw new Error(
          `the maps of ${zoneNames.join(', ')} were not drawn in 5 minutes:\n${server.output()}`,
        );
      await new Promise((wait) => setTimeout(wait, 1000));
    }
  } finally {
    await server.stop();
  }
}
