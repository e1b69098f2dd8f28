// FNV-1a, 32 bits, over a string's UTF-16 code units: the hash of the flat lookup tables
// (exact hotel names, the keys of a KeyIndex). Fast to compute in a loop, and the same in every
// process, so a table saved by one is read by another.
export function fnv1a(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}
