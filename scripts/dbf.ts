// dBase III tables (.dbf) as the derive scripts read them: Natural Earth ships its attributes so.
// A 32-byte header (record count at 4, header length at 8, record length at 10), 32-byte field
// descriptors (name, type, length) ended by 0x0D, then fixed-width records, each opening with a
// deletion flag ("*" deleted). Text is UTF-8 (Natural Earth's .cpg says so).
import { readFileSync } from 'node:fs';

/** The records of a .dbf file, each field trimmed; deleted records left out. */
export function dbfRecords(file: string): Record<string, string>[] {
  const bytes = readFileSync(file);
  const count = bytes.readUInt32LE(4);
  const headerLength = bytes.readUInt16LE(8);
  const recordLength = bytes.readUInt16LE(10);
  const fields: { name: string; length: number }[] = [];
  for (let at = 32; bytes[at] !== 0x0d; at += 32) {
    if (at >= headerLength) throw new Error(`${file}: no end to the field descriptors`);
    const name = bytes.toString('latin1', at, at + 11).replace(/\0.*$/s, '');
    fields.push({ name, length: bytes[at + 16]! });
  }
  const records: Record<string, string>[] = [];
  for (let r = 0; r < count; r++) {
    const start = headerLength + r * recordLength;
    if (bytes[start] === 0x2a) continue;
    const record: Record<string, string> = {};
    let at = start + 1;
    for (const field of fields) {
      record[field.name] = bytes.toString('utf8', at, at + field.length).trim();
      at += field.length;
    }
    records.push(record);
  }
  return records;
}
