// Untrusted zip archives (.zip, .kmz, .xlsx, zipped Zarr stores) read as a stream with a budget on the
// bytes actually inflated, per entry and in total, and on the number of entries. A zip's headers may lie
// about sizes: the declared sizes refuse an honest bomb before anything is inflated, the inflated bytes
// counted here (and yauzl's validateEntrySizes) refuse a lying one as soon as it passes its budget, so
// memory stays bounded whatever the archive says. Parses share a small number of slots (`withParseSlot`)
// so that a burst of uploads cannot take the server's memory either.
import { createWriteStream } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import yauzl from 'yauzl';
import { HttpError } from '../http/errors';

export interface ArchiveBudget {
  /** Entries (files and folders) the archive may hold. */
  maxEntries: number;
  /** Bytes one entry may inflate to. */
  maxEntryBytes: number;
  /** Bytes all the entries read may inflate to. */
  maxTotalBytes: number;
}

export const archiveMessages = {
  broken: (kind: string) => `The ${kind} could not be opened: it is not a valid zip file`,
  lying: (kind: string) =>
    `The ${kind} is damaged: the size of one of its files is not the one its header declares`,
  tooLarge: (kind: string, budget: ArchiveBudget) =>
    `The ${kind} is too large once unzipped (limits: ${mb(budget.maxEntryBytes)} MB per file, ${mb(
      budget.maxTotalBytes,
    )} MB in all)`,
  tooManyEntries: (kind: string, budget: ArchiveBudget) =>
    `The ${kind} holds too many files (limit ${budget.maxEntries})`,
  unsafePath: (kind: string, name: string) => `The ${kind} holds a file with an unsafe path: "${name}"`,
  busy: 'The server is reading many files at the moment: please try again in a minute',
} as const;

const mb = (bytes: number) => Math.round((bytes / 1024 / 1024) * 10) / 10;

/** What the caller's route answers: 413 for archives over budget, 400 for broken ones. */
export class ArchiveError extends HttpError {
  constructor(status: 400 | 413, message: string) {
    super(status, status === 413 ? { detail: message } : { nonFieldErrors: [message] });
  }
}

/** Entries worth reading: files, not folders, macOS resource forks or hidden files. */
export function isContentEntry(name: string): boolean {
  return !name.endsWith('/') && !name.includes('__MACOSX/') && !path.basename(name).startsWith('.');
}

export interface ArchiveReadOptions {
  /** Words for messages: 'archive', 'KMZ file', 'XLSX file' … */
  kind: string;
  budget: ArchiveBudget;
  /**
   * What to do with an entry: 'keep' (inflate into memory), 'count' (inflate, count, discard: checks a
   * file that another library will inflate), 'skip' (neither), or a file path to write it to.
   */
  action: (name: string) => 'keep' | 'count' | 'skip' | { file: string };
}

function openBuffer(buffer: Buffer, kind: string): Promise<yauzl.ZipFile> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(buffer, { lazyEntries: true, validateEntrySizes: true }, (error, zip) => {
      if (error || !zip) reject(new ArchiveError(400, archiveMessages.broken(kind)));
      else resolve(zip);
    });
  });
}

function openPath(file: string, kind: string): Promise<yauzl.ZipFile> {
  return new Promise((resolve, reject) => {
    yauzl.open(file, { lazyEntries: true, validateEntrySizes: true }, (error, zip) => {
      if (error || !zip) reject(new ArchiveError(400, archiveMessages.broken(kind)));
      else resolve(zip);
    });
  });
}

/**
 * Reads an archive (a buffer, or a file on disk) entry by entry within the budget, and answers the kept
 * entries by name. Throws ArchiveError (413 over budget, 400 broken, lying or unsafe) and leaves nothing
 * open.
 */
export async function readArchive(
  source: Buffer | { path: string },
  options: ArchiveReadOptions,
): Promise<Map<string, Buffer>> {
  const { kind, budget } = options;
  const zip = Buffer.isBuffer(source) ? await openBuffer(source, kind) : await openPath(source.path, kind);
  const kept = new Map<string, Buffer>();
  let total = 0;
  let declared = 0;
  try {
    if (zip.entryCount > budget.maxEntries)
      throw new ArchiveError(413, archiveMessages.tooManyEntries(kind, budget));
    await new Promise<void>((resolve, reject) => {
      const fail = (error: unknown) => {
        reject(error instanceof HttpError ? error : new ArchiveError(400, archiveMessages.broken(kind)));
      };
      zip.on('error', fail);
      zip.on('end', () => resolve());
      zip.on('entry', (entry: yauzl.Entry) => {
        const name = entry.fileName;
        if (path.isAbsolute(name) || name.split(/[\\/]/).includes('..'))
          return fail(new ArchiveError(400, archiveMessages.unsafePath(kind, name)));
        const action = options.action(name);
        if (action === 'skip' || name.endsWith('/')) return zip.readEntry();
        // An honest bomb is refused from its header, before a byte is inflated.
        declared += entry.uncompressedSize;
        if (entry.uncompressedSize > budget.maxEntryBytes || declared > budget.maxTotalBytes)
          return fail(new ArchiveError(413, archiveMessages.tooLarge(kind, budget)));
        zip.openReadStream(entry, (error, stream) => {
          if (error || !stream) return fail(error);
          readEntry(stream, action, (bytes) => {
            total += bytes;
            return total <= budget.maxTotalBytes;
          }).then((buffer) => {
            if (buffer) kept.set(name, buffer);
            zip.readEntry();
          }, fail);
        });
      });
      zip.readEntry();
    });
  } catch (error) {
    if (error instanceof HttpError) throw error;
    throw new ArchiveError(400, archiveMessages.broken(kind));
  } finally {
    zip.close();
  }
  return kept;

  /** One entry's stream, counted chunk by chunk; `more` says whether the total budget still holds. */
  function readEntry(
    stream: Readable,
    action: 'keep' | 'count' | { file: string },
    more: (bytes: number) => boolean,
  ): Promise<Buffer | undefined> {
    return new Promise((resolve, reject) => {
      const chunks: Buffer[] = [];
      let bytes = 0;
      let writer: ReturnType<typeof createWriteStream> | undefined;
      let settled = false;
      const stop = (error: unknown) => {
        if (settled) return;
        settled = true;
        stream.destroy();
        writer?.destroy();
        reject(
          error instanceof HttpError
            ? error
            : /too many bytes|too few bytes|expected/i.test(String((error as Error)?.message))
              ? new ArchiveError(400, archiveMessages.lying(kind))
              : new ArchiveError(400, archiveMessages.broken(kind)),
        );
      };
      // Listened to at once: yauzl inflates into the size check before anyone reads, so a lying entry
      // may fail while the output folder is still being made.
      stream.on('error', stop);
      const start = async () => {
        if (typeof action === 'object') {
          await mkdir(path.dirname(action.file), { recursive: true });
          if (settled) return;
          writer = createWriteStream(action.file);
          writer.on('error', stop);
        }
        stream.on('data', (chunk: Buffer) => {
          bytes += chunk.length;
          if (bytes > budget.maxEntryBytes || !more(chunk.length))
            return stop(new ArchiveError(413, archiveMessages.tooLarge(kind, budget)));
          if (action === 'keep') chunks.push(chunk);
          else if (writer && !writer.write(chunk)) {
            stream.pause();
            writer.once('drain', () => stream.resume());
          }
        });
        stream.on('end', () => {
          if (settled) return;
          const done = () => {
            if (settled) return;
            settled = true;
            resolve(action === 'keep' ? Buffer.concat(chunks) : undefined);
          };
          if (writer) writer.end(done);
          else done();
        });
      };
      start().catch(stop);
    });
  }
}

// ---- parse slots ----------------------------------------------------------------------------------------

/** Files parsed at once by this process; the next ones wait for a slot, and past a queue are refused. */
export const PARSE_SLOTS = 2;
const MAX_WAITING = 8;
let busy = 0;
const waiting: (() => void)[] = [];

/** Runs `work` when one of the PARSE_SLOTS is free; answers 503 when too many wait already. */
export async function withParseSlot<T>(work: () => Promise<T>): Promise<T> {
  if (busy >= PARSE_SLOTS) {
    if (waiting.length >= MAX_WAITING) throw new HttpError(503, { detail: archiveMessages.busy });
    await new Promise<void>((resolve) => waiting.push(resolve));
  } else busy++;
  try {
    return await work();
  } finally {
    const next = waiting.shift();
    if (next) next();
    else busy--;
  }
}
