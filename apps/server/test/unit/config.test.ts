import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config';

const dataDir = mkdtempSync(path.join(tmpdir(), 'metocean-config-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('the statistics threads of a worker (STATISTICS_THREADS)', () => {
  it('are one per core unless set', () => {
    expect(loadConfig({ DATA_DIR: dataDir }).statisticsThreads).toBe(availableParallelism());
    expect(loadConfig({ DATA_DIR: dataDir, STATISTICS_THREADS: '' }).statisticsThreads).toBe(
      availableParallelism(),
    );
    expect(loadConfig({ DATA_DIR: dataDir, STATISTICS_THREADS: '3' }).statisticsThreads).toBe(3);
  });
  it('refuse anything but a positive whole number, naming the variable and the value', () => {
    for (const raw of ['0', '-2', '1.5', 'two'])
      expect(() => loadConfig({ DATA_DIR: dataDir, STATISTICS_THREADS: raw })).toThrow(
        `STATISTICS_THREADS must be a positive integer, got '${raw}'`,
      );
  });
});
