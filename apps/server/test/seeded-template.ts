// The integration suite's globalSetup: seeds the template every test server copies (harness.ts), once per
// run, and removes it at the end.
import type { TestProject } from 'vitest/node';
import { makeSeededTemplate } from './harness';

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const seeded = await makeSeededTemplate();
  project.provide('seededTemplate', seeded.template);
  return () => seeded.drop();
}
