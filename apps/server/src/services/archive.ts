// Untrusted zip archives (.zip, .kmz, .xlsx, zipped Zarr stores) read through the data layer's one zip
// reader (readZip, packages/hindcast/src/zip.ts), which counts the bytes actually inflated, per entry and in
// total, whatever the headers say; refusals become HTTP answers here. Parses share a small number of slots (`withParseSlot`)
// so that a burst of uploads cannot take the server's memory either.
import path from 'node:path';
import { readZip, ZipError, type ZipBudget } from '@metocean/hindcast';
import { HttpError } from '../http/errors';

export type ArchiveBudget = ZipBudget;

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

/**
 * Reads an archive (a buffer, or a file on disk) entry by entry within the budget, through the one zip
 * reader of the data layer (readZip), and answers the kept entries by name. Throws ArchiveError (413 over
 * budget, 400 broken, lying or unsafe) and leaves nothing open.
 */
export async function readArchive(
  source: Buffer | { path: string },
  options: ArchiveReadOptions,
): Promise<Map<string, Buffer>> {
  try {
    return await readZip(source, { budget: options.budget, action: options.action });
  } catch (error) {
    throw archiveError(error, options.kind, options.budget);
  }
}

/** The HTTP answer to a refusal of readZip (any other error: a broken archive). */
export function archiveError(error: unknown, kind: string, budget: ArchiveBudget): ArchiveError {
  const problem = error instanceof ZipError ? error.problem : 'broken';
  switch (problem) {
    case 'tooLarge':
      return new ArchiveError(413, archiveMessages.tooLarge(kind, budget));
    case 'tooManyEntries':
      return new ArchiveError(413, archiveMessages.tooManyEntries(kind, budget));
    case 'lying':
      return new ArchiveError(400, archiveMessages.lying(kind));
    case 'unsafePath':
      return new ArchiveError(400, archiveMessages.unsafePath(kind, (error as ZipError).entry ?? ''));
    case 'broken':
      return new ArchiveError(400, archiveMessages.broken(kind));
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
