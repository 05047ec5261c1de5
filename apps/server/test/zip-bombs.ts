// Zip bombs for the tests, written by hand after PKWARE's APPNOTE.TXT (4.3.7 local file header, 4.3.12
// central directory header, 4.3.16 end of central directory): entries of zeros deflated into a small file,
// whose headers tell the truth about the inflated size or lie about it. The deflate stream is one block of
// 1 MiB of zeros closed by a full flush (so each copy stands alone), repeated, then an empty final block
// (RFC 1951 §3.2.3): a GiB of zeros costs about 1 MB of file and no memory to build.
import { constants, crc32, deflateRawSync } from 'node:zlib';

const MIB = 1024 * 1024;

export interface BombEntry {
  name: string;
  /** Bytes the entry really inflates to (a whole number of MiB, or less than one MiB). */
  inflated: number;
  /** Bytes its headers declare (the truth when omitted). */
  declared?: number;
}

let block: Buffer | undefined;
const zerosBlock = () =>
  (block ??= deflateRawSync(Buffer.alloc(MIB), { finishFlush: constants.Z_FULL_FLUSH }));

/** A raw deflate stream of `bytes` zeros. */
export function deflatedZeros(bytes: number): Buffer {
  if (bytes < MIB) return deflateRawSync(Buffer.alloc(bytes));
  if (bytes % MIB !== 0) throw new Error('whole MiB only');
  const copies = bytes / MIB;
  const final = deflateRawSync(Buffer.alloc(0));
  return Buffer.concat([...Array.from({ length: copies }, zerosBlock), final]);
}

function zerosCrc(bytes: number): number {
  const chunk = Buffer.alloc(Math.min(bytes, MIB));
  let crc = 0;
  for (let done = 0; done < bytes; done += chunk.length)
    crc = crc32(chunk.subarray(0, Math.min(chunk.length, bytes - done)), crc);
  return crc;
}

/** A zip archive of the entries (deflated zeros, or the stored text of `files`). */
export function zipOf(entries: BombEntry[], files: Record<string, string> = {}): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  const all = [
    ...Object.entries(files).map(([name, text]) => {
      const data = Buffer.from(text);
      return { name, data, method: 0, crc: crc32(data), size: data.length, declared: data.length };
    }),
    ...entries.map((e) => ({
      name: e.name,
      data: deflatedZeros(e.inflated),
      method: 8,
      crc: e.declared === undefined ? zerosCrc(e.inflated) : 0,
      size: e.inflated,
      declared: e.declared ?? e.inflated,
    })),
  ];
  for (const e of all) {
    const name = Buffer.from(e.name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6); // UTF-8 names
    local.writeUInt16LE(e.method, 8);
    local.writeUInt32LE(e.crc >>> 0, 14);
    local.writeUInt32LE(e.data.length, 18);
    local.writeUInt32LE(e.declared, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt16LE(e.method, 10);
    central.writeUInt32LE(e.crc >>> 0, 16);
    central.writeUInt32LE(e.data.length, 20);
    central.writeUInt32LE(e.declared, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, e.data);
    centrals.push(central, name);
    offset += local.length + name.length + e.data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(all.length, 8);
  end.writeUInt16LE(all.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}
