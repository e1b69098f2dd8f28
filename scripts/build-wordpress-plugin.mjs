// npm run build (WordPress part): the plugin in integrations/wordpress, zipped as WordPress's
// "Upload Plugin" takes it: dist/integrations/hotel-affiliate-stays.zip, every file under the
// folder hotel-affiliate-stays/. The zip is written here with Node's zlib (raw deflate and CRC-32),
// so the build needs no zip program or package; its bytes depend only on the plugin's files (fixed
// times, sorted names), so two builds of one commit are the same file.
//
//   node scripts/build-wordpress-plugin.mjs [--out FILE]
import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { constants, crc32, deflateRawSync } from 'node:zlib';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const SOURCE = join(ROOT, 'integrations', 'wordpress');
const SLUG = 'hotel-affiliate-stays';
const DEFAULT_OUT = join(ROOT, 'dist', 'integrations', `${SLUG}.zip`);

// 2026-01-01 00:00 in MS-DOS form, for every entry: the zip does not change with checkout times.
const DOS_TIME = 0;
const DOS_DATE = ((2026 - 1980) << 9) | (1 << 5) | 1;
// Made on Unix (3) by zip format 2.0; names in UTF-8 (flag bit 11).
const MADE_BY = (3 << 8) | 20;
const NEEDED = 20;
const UTF8 = 0x0800;

/** Every folder and file under `dir`, folders first, names sorted, as paths relative to it with "/". */
function entries(dir) {
  const found = [];
  const walk = (at) => {
    for (const name of readdirSync(at).sort()) {
      const path = join(at, name);
      const isDir = statSync(path).isDirectory();
      found.push({ path, name: relative(dir, path).split(sep).join('/') + (isDir ? '/' : ''), isDir });
      if (isDir) walk(path);
    }
  };
  walk(dir);
  return found;
}

/** The zip of `files` ({ name, data, isDir }): local headers and data, then the central directory. */
export function zip(files) {
  const parts = [];
  const central = [];
  let offset = 0;
  for (const file of files) {
    const name = Buffer.from(file.name, 'utf8');
    const data = file.isDir ? Buffer.alloc(0) : file.data;
    const deflated = file.isDir ? data : deflateRawSync(data, { level: constants.Z_BEST_COMPRESSION });
    // Stored when deflating does not help (tiny files), as zip tools do.
    const method = !file.isDir && deflated.length < data.length ? 8 : 0;
    const body = method === 8 ? deflated : data;
    const crc = crc32(data);
    // The local header and the central directory's entry share their fields from "version
    // needed" to the name's length, at offset 4 and 6.
    const shared = (header, at) => {
      header.writeUInt16LE(NEEDED, at);
      header.writeUInt16LE(UTF8, at + 2);
      header.writeUInt16LE(method, at + 4);
      header.writeUInt16LE(DOS_TIME, at + 6);
      header.writeUInt16LE(DOS_DATE, at + 8);
      header.writeUInt32LE(crc, at + 10);
      header.writeUInt32LE(body.length, at + 14);
      header.writeUInt32LE(data.length, at + 18);
      header.writeUInt16LE(name.length, at + 22);
    };
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    shared(local, 4);
    local.writeUInt16LE(0, 28);
    parts.push(local, name, body);

    const entry = Buffer.alloc(46);
    entry.writeUInt32LE(0x02014b50, 0);
    entry.writeUInt16LE(MADE_BY, 4);
    shared(entry, 6);
    // Extra field, comment, disk number, internal attributes: none.
    // External attributes: the Unix mode in the high 16 bits (and MS-DOS's directory bit).
    entry.writeUInt32LE((((file.isDir ? 0o40755 : 0o100644) << 16) | (file.isDir ? 0x10 : 0)) >>> 0, 38);
    entry.writeUInt32LE(offset, 42);
    central.push(entry, name);
    offset += local.length + name.length + body.length;
  }
  const directory = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(files.length, 8);
  end.writeUInt16LE(files.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...parts, directory, end]);
}

/** Builds the plugin's zip at `out`; answers its path, size and entry names. */
export function buildWordPressPlugin(out = DEFAULT_OUT) {
  const files = [
    { name: `${SLUG}/`, isDir: true },
    ...entries(SOURCE).map(({ path, name, isDir }) => ({ name: `${SLUG}/${name}`, isDir, data: isDir ? undefined : readFileSync(path) })),
  ];
  const bytes = zip(files);
  mkdirSync(dirname(out), { recursive: true });
  writeFileSync(out, bytes);
  return { out, size: bytes.length, names: files.map((file) => file.name) };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const at = process.argv.indexOf('--out');
  const { out, size, names } = buildWordPressPlugin(at > 0 ? process.argv[at + 1] : DEFAULT_OUT);
  console.log(`WordPress plugin: ${relative(process.cwd(), out) || out} (${names.length} entries, ${(size / 1024).toFixed(1)} KB)`);
}
