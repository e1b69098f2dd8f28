// One folding of text for every comparison of names (hotels, cities, countries), so that
// "Köln", "KOLN" and "koln" meet, and "St. Mary's" meets "st marys".

const COMBINING_MARKS = /\p{M}+/gu;
const NOT_WORD = /[^\p{L}\p{N}]+/gu;
const APOSTROPHES = /['’ʼ`´]/g;

// Letters that Unicode decomposition leaves whole but that people type in ASCII.
const LETTER_SPELLINGS: Record<string, string> = {
  ß: 'ss',
  æ: 'ae',
  œ: 'oe',
  ø: 'o',
  đ: 'd',
  ð: 'd',
  þ: 'th',
  ł: 'l',
  ı: 'i',
  ħ: 'h',
};
const ALREADY_FOLDED = /^[a-z0-9]+(?: [a-z0-9]+)*$/;
const PRINTABLE_ASCII = /^[\x20-\x7e]*$/;
const SPECIAL_LETTERS = new RegExp(`[${Object.keys(LETTER_SPELLINGS).join('')}]`, 'g');

/** Lower case, no accents, apostrophes dropped, "&" read as "and", other punctuation as spaces. */
export function foldText(text: string): string {
  if (ALREADY_FOLDED.test(text)) return text;
  // Most names are plain ASCII: no accents to take off, no special letters (several times faster).
  if (PRINTABLE_ASCII.test(text)) return foldAscii(text);
  return text
    .normalize('NFKD')
    .replace(COMBINING_MARKS, '')
    .toLowerCase()
    .replace(SPECIAL_LETTERS, (c) => LETTER_SPELLINGS[c] ?? c)
    .replace(APOSTROPHES, '')
    .replace(/&/g, ' and ')
    .replace(NOT_WORD, ' ')
    .trim();
}

/** foldText for printable ASCII, in one pass. */
function foldAscii(text: string): string {
  let out = '';
  let gap = false;
  for (let i = 0; i < text.length; i++) {
    let c = text.charCodeAt(i);
    if (c >= 65 && c <= 90) c += 32;
    if ((c >= 97 && c <= 122) || (c >= 48 && c <= 57)) {
      if (gap && out.length > 0) out += ' ';
      gap = false;
      out += String.fromCharCode(c);
    } else if (c === 38) {
      if (out.length > 0) out += ' ';
      out += 'and';
      gap = true;
    } else if (c !== 39 && c !== 96) {
      gap = true;
    }
  }
  return out;
}

/** The words of a text after folding. */
export function foldWords(text: string): string[] {
  const folded = foldText(text);
  return folded ? folded.split(' ') : [];
}

/** A URL path segment: folded words joined by hyphens ("São Paulo" to "sao-paulo"). */
export function slugify(text: string): string {
  return foldWords(text).join('-');
}

// Chinese, Japanese and Korean are typed with or without spaces between words ("부에노스 아이레스",
// "ニューヨーク・シティ" whose dot folds to a space), and Japanese writes a long vowel at a word's
// end or not ("メキシコシティー", "メキシコシティ"): a place name's key holds neither.
const CJK = '\\p{scx=Han}\\p{scx=Hiragana}\\p{scx=Katakana}\\p{scx=Hangul}';
const CJK_GAP = new RegExp(`(?<=[${CJK}]) (?=[${CJK}])`, 'gu');
const LONG_VOWEL_END = /ー+$/u;
const NOT_ASCII = /[^\x00-\x7f]/;

/** A folded place name as places are filed under it: no spaces between CJK words, no long-vowel mark at the end. */
export function placeNameKey(folded: string): string {
  // Most keys have neither a space nor a final long vowel to look at: no regular expression for them.
  const last = folded.charCodeAt(folded.length - 1);
  if (last !== 0x30fc && !folded.includes(' ')) return folded;
  if (!NOT_ASCII.test(folded)) return folded;
  return folded.replace(CJK_GAP, '').replace(LONG_VOWEL_END, '');
}
