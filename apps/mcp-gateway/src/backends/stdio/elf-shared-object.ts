// Tells whether a file is an ELF shared object that names itself (a DT_SONAME entry): the
// dynamic loader and the C library are; programs, PIE and static-PIE executables are not.
// The policy uses it to refuse a loader under any name (a copy, a hard link), since a loader
// runs whatever program its arguments name.
import { closeSync, constants, fstatSync, openSync, readSync } from 'node:fs';

const ELF_MAGIC = [0x7f, 0x45, 0x4c, 0x46];
const ELF_CLASS_64 = 2;
const ELF_DATA_BIG_ENDIAN = 2;
const PT_DYNAMIC = 2;
const DT_NULL = 0n;
const DT_SONAME = 14n;
/** Bounds on what is read, so a hostile file cannot make the check expensive. */
const MAX_PROGRAM_HEADERS = 256;
const MAX_PROGRAM_HEADER_SIZE = 128;
const MAX_DYNAMIC_BYTES = 64 * 1024;

interface ElfLayout {
  readonly wide: boolean;
  readonly littleEndian: boolean;
}

/** Never throws: a file that cannot be read or is not ELF is not a shared object. */
export function isElfSharedObject(path: string): boolean {
  let descriptor: number | undefined;
  try {
    // Non-blocking, so a FIFO swapped in for the file cannot stall the gateway in open().
    descriptor = openSync(path, constants.O_RDONLY | constants.O_NONBLOCK);
    return fstatSync(descriptor).isFile() && hasSoname(descriptor);
  } catch {
    return false;
  } finally {
    if (descriptor !== undefined) closeSync(descriptor);
  }
}

function hasSoname(descriptor: number): boolean {
  const header = read(descriptor, 0, 64);
  if (header.byteLength < 52 || ELF_MAGIC.some((byte, index) => header.getUint8(index) !== byte)) {
    return false;
  }
  const layout: ElfLayout = {
    wide: header.getUint8(4) === ELF_CLASS_64,
    littleEndian: header.getUint8(5) !== ELF_DATA_BIG_ENDIAN,
  };
  const { wide, littleEndian } = layout;
  const programHeaderOffset = wide
    ? Number(header.getBigUint64(32, littleEndian))
    : header.getUint32(28, littleEndian);
  const entrySize = header.getUint16(wide ? 54 : 42, littleEndian);
  const count = Math.min(header.getUint16(wide ? 56 : 44, littleEndian), MAX_PROGRAM_HEADERS);
  if (entrySize < (wide ? 56 : 32) || entrySize > MAX_PROGRAM_HEADER_SIZE) return false;
  const table = read(descriptor, programHeaderOffset, entrySize * count);
  for (let index = 0; index < count && (index + 1) * entrySize <= table.byteLength; index += 1) {
    const entry = index * entrySize;
    if (table.getUint32(entry, littleEndian) !== PT_DYNAMIC) continue;
    const offset = wide
      ? Number(table.getBigUint64(entry + 8, littleEndian))
      : table.getUint32(entry + 4, littleEndian);
    const size = wide
      ? Number(table.getBigUint64(entry + 32, littleEndian))
      : table.getUint32(entry + 16, littleEndian);
    return dynamicSectionHasSoname(read(descriptor, offset, Math.min(size, MAX_DYNAMIC_BYTES)), layout);
  }
  return false;
}

function dynamicSectionHasSoname(section: DataView, { wide, littleEndian }: ElfLayout): boolean {
  const entrySize = wide ? 16 : 8;
  for (let entry = 0; entry + entrySize <= section.byteLength; entry += entrySize) {
    const tag = wide
      ? section.getBigInt64(entry, littleEndian)
      : BigInt(section.getInt32(entry, littleEndian));
    if (tag === DT_NULL) return false;
    if (tag === DT_SONAME) return true;
  }
  return false;
}

function read(descriptor: number, position: number, length: number): DataView {
  if (!Number.isSafeInteger(position) || position < 0 || length <= 0) return new DataView(new ArrayBuffer(0));
  const buffer = Buffer.alloc(length);
  const bytes = readSync(descriptor, buffer, 0, length, position);
  return new DataView(buffer.buffer, buffer.byteOffset, bytes);
}
