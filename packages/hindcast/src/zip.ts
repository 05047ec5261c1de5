// The one reader of untrusted zip archives (.xlsx plan and point workbooks, .kmz, zipped shapefiles, zipped
// Zarr stores): entries are inflated as a stream and the bytes they actually produce are counted, per entry
// and in total, against a budget, as are the entries. A zip's headers may lie about sizes: the declared
// sizes refuse an honest bomb before anything is inflated; the counted bytes (and yauzl's
// validateEntrySizes, which stops an entry at the first byte past its declared size) refuse a lying one as
// soon as it passes its budget, so memory stays bounded whatever the archive says (issue 23, issue 29).
import { createWriteStream } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import yauzl from 'yauzl';

export interface ZipBudget {
  /** Entries (files and folders) the archive may hold. */
  maxEntries: number;
  /** Bytes one entry may inflate to. */
  maxEntryBytes: number;
  /** Bytes all the entries read may inflate to. */
  maxTotalBytes: number;
}

/** Why an archive was refused: its callers word the message for their users. */
export type ZipProblem = 'broken' | 'lying' | 'tooLarge' | 'tooManyEntries' | 'unsafePath';

export class ZipError extends Error {
  constructor(
    readonly problem: ZipProblem,
    /** The entry at fault, for 'unsafePath'. */
    readonly entry?: string,
  ) {
    super(
      problem === 'unsafePath'
        ? `the archive holds a file with an unsafe path: "${entry}"`
        : {
            broken: 'the file is not a valid zip archive',
            lying: 'the size of one of its files is not the one its header declares',
            tooLarge: 'the archive is too large once unzipped',
            tooManyEntries: 'the archive holds too many files',
          }[problem],
    );
    this.name = 'ZipError';
  }
}

export interface ZipReadOptions {
  budget: ZipBudget;
  /**
   * What to do with an entry: 'keep' (inflate into memory), 'count' (inflate, count, discard), 'skip'
   * (neither), or a file path to write it to.
   */
  action: (name: string) => 'keep' | 'count' | 'skip' | { file: string };
}

function open(source: Uint8Array | { path: string }): Promise<yauzl.ZipFile> {
  const options = { lazyEntries: true, validateEntrySizes: true };
  return new Promise((resolve, reject) => {
    const done = (error: Error | null, zip?: yauzl.ZipFile) => {
      if (error || !zip) reject(new ZipError('broken'));
      else resolve(zip);
    };
    if (!(source instanceof Uint8Array)) yauzl.open(source.path, options, done);
    else {
      const bytes = source;
      yauzl.fromBuffer(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), options, done);
    }
  });
}

/**
 * Reads an archive (bytes, or a file on disk) entry by entry within the budget, and answers the kept entries
 * by name. Throws ZipError (tooLarge, tooManyEntries, broken, lying, unsafePath) and leaves nothing open.
 */
export async function readZip(
  source: Uint8Array | { path: string },
  options: ZipReadOptions,
): Promise<Map<string, Buffer>> {
  const { budget } = options;
  const zip = await open(source);
  const kept = new Map<string, Buffer>();
  let total = 0;
  let declared = 0;
  try {
    if (zip.entryCount > budget.maxEntries) throw new ZipError('tooManyEntries');
    await new Promise<void>((resolve, reject) => {
      const fail = (error: unknown) => {
        reject(error instanceof ZipError ? error : new ZipError('broken'));
      };
      zip.on('error', fail);
      zip.on('end', () => resolve());
      zip.on('entry', (entry: yauzl.Entry) => {
        const name = entry.fileName;
        if (path.isAbsolute(name) || name.split(/[\\/]/).includes('..'))
          return fail(new ZipError('unsafePath', name));
        const action = options.action(name);
        if (action === 'skip' || name.endsWith('/')) return zip.readEntry();
        // An honest bomb is refused from its header, before a byte is inflated.
        declared += entry.uncompressedSize;
        if (entry.uncompressedSize > budget.maxEntryBytes || declared > budget.maxTotalBytes)
          return fail(new ZipError('tooLarge'));
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
    if (error instanceof ZipError) throw error;
    throw new ZipError('broken');
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
          error instanceof ZipError
            ? error
            : new ZipError(
                /too many bytes|too few bytes|expected/i.test(String((error as Error)?.message))
                  ? 'lying'
                  : 'broken',
              ),
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
          if (bytes > budget.maxEntryBytes || !more(chunk.length)) return stop(new ZipError('tooLarge'));
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
