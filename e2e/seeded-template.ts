// The browser suite's globalSetup: seeds once the DATA_DIR every test server copies (harness.ts), and
// removes it at the end.
import { rmSync } from 'node:fs';
import type { TestProject } from 'vitest/node';
import { seedDataDir } from './harness';

export default async function setup(project: TestProject): Promise<() => void> {
  const dataDir = await seedDataDir();
  project.provide('e2eSeededDataDir', dataDir);
  return () => rmSync(dataDir, { recursive: true, force: true });
}
