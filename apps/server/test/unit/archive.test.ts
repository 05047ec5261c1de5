// Streaming unzip within a budget (services/archive.ts) against archives written by test/zip-bombs.ts;
// Node's zlib (an independent inflater) checks the bomb writer itself.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { inflateRawSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { archiveMessages, readArchive, withParseSlot, type ArchiveBudget } from '../../src/services/archive';
import { HttpError } from '../../src/http/errors';
import { deflatedZeros, zipOf } from '../zip-bombs';

const MIB = 1024 * 1024;
const budget: ArchiveBudget = { maxEntries: 10, maxEntryBytes: 4 * MIB, maxTotalBytes: 6 * MIB };
const keepAll = { kind: 'archive', budget, action: () => 'keep' as const };

async function refusal(promise: Promise<unknown>): Promise<HttpError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(HttpError);
  return error as HttpError;
}

describe('the bomb writer', () => {
  it('writes deflate streams that zlib inflates to the zeros asked for', () => {
    const inflated = inflateRawSync(deflatedZeros(3 * MIB));
    expect(inflated.length).toBe(3 * MIB);
    expect(inflated.every((b) => b === 0)).toBe(true);
    expect(deflatedZeros(3 * MIB).length).toBeLessThan(20_000);
  });
});

describe('readArchive', () => {
  it('reads an honest archive within its budget', async () => {
    const files = await readArchive(
      zipOf([{ name: 'a/zeros.bin', inflated: 2 * MIB }], { 'b.txt': 'hello' }),
      keepAll,
    );
    expect(files.get('b.txt')?.toString()).toBe('hello');
    expect(files.get('a/zeros.bin')?.length).toBe(2 * MIB);
  });

  it('refuses an honest bomb from its headers, at once', async () => {
    const bomb = zipOf([{ name: 'big.kml', inflated: 1024 * MIB }]);
    expect(bomb.length).toBeLessThan(1.1 * MIB);
    const started = Date.now();
    const error = await refusal(readArchive(bomb, keepAll));
    expect(Date.now() - started).toBeLessThan(2000);
    expect(error.statusCode).toBe(413);
    expect(error.body).toEqual({ detail: archiveMessages.tooLarge('archive', budget) });
  });

  it('refuses entries whose headers lie, counting the bytes actually inflated, memory bounded', async () => {
    // 1 GiB of zeros declared as 1000 bytes: only the inflated bytes tell.
    const liar = zipOf([{ name: 'big.kml', inflated: 1024 * MIB, declared: 1000 }]);
    const before = process.memoryUsage().rss;
    const started = Date.now();
    const error = await refusal(readArchive(liar, keepAll));
    expect(Date.now() - started).toBeLessThan(2000);
    expect(error.statusCode).toBe(400);
    expect(error.body).toEqual({ nonFieldErrors: [archiveMessages.lying('archive')] });
    expect(process.memoryUsage().rss - before).toBeLessThan(100 * MIB);
    // Several entries that each pass their own budget but not the total one.
    const many = zipOf([
      { name: 'a', inflated: 3 * MIB, declared: 1 },
      { name: 'b', inflated: 3 * MIB, declared: 1 },
    ]);
    expect((await refusal(readArchive(many, keepAll))).statusCode).toBe(400);
  });

  it('refuses a lying entry written to a file, the error caught even while its folder is being made', async () => {
    // yauzl inflates into its size check before anyone reads the entry, so the lie can surface while the
    // output folder is still being created: it must reject the read, never escape as an uncaught error
    // (CI run of stop 27). Repeated because the two race.
    const dir = mkdtempSync(path.join(tmpdir(), 'archive-'));
    const liar = zipOf([{ name: 'store.zarr/hs/0.0.0', inflated: 64 * MIB, declared: 10 }]);
    const escaped: unknown[] = [];
    const onUncaught = (error: unknown) => escaped.push(error);
    process.on('uncaughtException', onUncaught);
    try {
      for (let i = 0; i < 20; i++) {
        const toFile = { ...keepAll, action: (name: string) => ({ file: path.join(dir, String(i), name) }) };
        const error = await refusal(readArchive(liar, toFile));
        expect(error.body).toEqual({ nonFieldErrors: [archiveMessages.lying('archive')] });
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(escaped).toEqual([]);
    } finally {
      process.off('uncaughtException', onUncaught);
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('counts entries that are only checked ("count") and refuses the total over budget', async () => {
    const honest = zipOf([
      { name: 'a', inflated: 3 * MIB },
      { name: 'b', inflated: 2 * MIB },
      { name: 'c', inflated: 2 * MIB },
    ]);
    const error = await refusal(readArchive(honest, { ...keepAll, action: () => 'count' }));
    expect(error.statusCode).toBe(413);
    // Entries skipped are neither inflated nor counted.
    const files = await readArchive(honest, { ...keepAll, action: (n) => (n === 'c' ? 'skip' : 'count') });
    expect(files.size).toBe(0);
  });

  it('refuses too many entries, broken archives and unsafe paths', async () => {
    const crowded = zipOf([], Object.fromEntries(Array.from({ length: 11 }, (_, i) => [`f${i}.txt`, 'x'])));
    const many = await refusal(readArchive(crowded, keepAll));
    expect(many.statusCode).toBe(413);
    expect(many.body).toEqual({ detail: archiveMessages.tooManyEntries('archive', budget) });
    const broken = await refusal(readArchive(Buffer.from('PK\u0003\u0004 not a zip'), keepAll));
    expect(broken.body).toEqual({ nonFieldErrors: [archiveMessages.broken('archive')] });
    const escaping = await refusal(readArchive(zipOf([], { '../../etc/evil': 'x' }), keepAll));
    expect(escaping.statusCode).toBe(400);
  });
});

describe('withParseSlot', () => {
  it('runs at most two parses at once and refuses past the queue', async () => {
    let running = 0;
    let most = 0;
    const release: (() => void)[] = [];
    const work = () =>
      withParseSlot(async () => {
        running++;
        most = Math.max(most, running);
        await new Promise<void>((resolve) => release.push(resolve));
        running--;
      });
    const accepted = Array.from({ length: 10 }, work);
    const refused = await refusal(withParseSlot(() => Promise.resolve()));
    expect(refused.statusCode).toBe(503);
    while (release.length > 0 || running > 0) {
      release.shift()?.();
      await new Promise((resolve) => setTimeout(resolve, 1));
    }
    await Promise.all(accepted);
    expect(most).toBe(2);
  });
});
