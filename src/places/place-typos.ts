// How far a traveller's spelling of a place is from the place's name, counted the way people
// misspell places rather than letter by letter. Studies of real misspellings agree on two
// things this relies on: the first letter is nearly always right (Pollock and Zamora found it
// wrong in under 8% of misspellings), and a wrong letter is a slip to a neighbouring key or a
// letter of the same sound ("Florance", "Dubrovnic", "Helsinky"), seldom any letter at all. So:
//   - a name with another first letter is no typo reading at all ("Narnia" is not Sarnia);
//   - a letter dropped, added or doubled, or two letters swapped, is one typo;
//   - a letter changed is one typo for a vowel for a vowel, a neighbouring key or a letter of
//     the same sound (in Latin, Cyrillic and Greek letters), and two otherwise ("Neverland" is
//     two from Nederland, not one);
//   - a text is read one typo away from 5 letters, two from 10: a four-letter word is a typo
//     away from too many towns ("Hotl", "Holt"), and a short name two typos off is another
//     word ("Westeros" is not Westerlo).

const VOWELS = new Set('aeiouy');
const KEY_ROWS = ['qwertyuiop', 'asdfghjkl', 'zxcvbnm'];
/** Letters written for one another because they sound alike (in some language travellers write). */
const SAME_SOUND = ['ck', 'cs', 'kq', 'cq', 'sz', 'vw', 'fv', 'bp', 'dt', 'gj', 'gk', 'mn', 'yz'];

/** Pairs of letters one typo apart when written for one another, both ways, by char code: a 128 × 128 table. */
const CLOSE_LETTERS: Uint8Array = (() => {
  const pairs = new Uint8Array(128 * 128);
  const add = (a: string, b: string) => {
    pairs[a.charCodeAt(0) * 128 + b.charCodeAt(0)] = 1;
    pairs[b.charCodeAt(0) * 128 + a.charCodeAt(0)] = 1;
  };
  for (const a of VOWELS) for (const b of VOWELS) add(a, b);
  for (const [a, b] of SAME_SOUND) add(a, b);
  KEY_ROWS.forEach((row, r) => {
    for (let i = 0; i < row.length; i++) {
      if (i + 1 < row.length) add(row[i], row[i + 1]);
      // Each row sits half a key right of the one above: key i touches keys i-1 and i below it.
      const below = KEY_ROWS[r + 1];
      if (below) for (const j of [i - 1, i]) if (j >= 0 && j < below.length) add(row[i], below[j]);
    }
  });
  return pairs;
})();

/**
 * The same for Cyrillic and Greek, whose names ("Москва", "Київ", "Αθήνα") are read through
 * typos too: a vowel for a vowel, and letters of the same sound (voiced for voiceless, и for й).
 * Keyed by the two char codes; other scripts have no close letters.
 */
const OTHER_CLOSE_LETTERS: ReadonlySet<number> = (() => {
  const pairs = new Set<number>();
  const add = (a: string, b: string) => {
    pairs.add(a.charCodeAt(0) * 65536 + b.charCodeAt(0));
    pairs.add(b.charCodeAt(0) * 65536 + a.charCodeAt(0));
  };
  for (const vowels of ['аеёиоуыэюяіїє', 'αεηιουω']) for (const a of vowels) for (const b of vowels) if (a !== b) add(a, b);
  for (const [a, b] of ['бп', 'вф', 'гк', 'гх', 'дт', 'жш', 'зс', 'шщ', 'ий', 'ьъ', 'βφ', 'γκ', 'δτ', 'κχ', 'σζ']) add(a, b);
  return pairs;
})();

/** 0 for the same letter, 1 for a close one (vowel for vowel, neighbouring key, same sound), 2 otherwise. */
export function substitutionCost(a: string, b: string): number {
  if (a === b) return 0;
  const x = a.charCodeAt(0);
  const y = b.charCodeAt(0);
  // Folded text is mostly ASCII; of other letters, only Cyrillic and Greek ones are close.
  if (x < 128 && y < 128) return CLOSE_LETTERS[x * 128 + y] === 1 ? 1 : 2;
  return OTHER_CLOSE_LETTERS.has(x * 65536 + y) ? 1 : 2;
}

/** Typos a folded text of this length may carry and still be read as a place: 1 from 5 letters, 2 from 10. */
export function placeTyposAllowed(length: number): number {
  return length >= 10 ? 2 : length >= 5 ? 1 : 0;
}

/**
 * The typos between a typed text and a place's name (both folded), as described above, or
 * Infinity when the name cannot be what was meant (another first letter).
 */
export function placeTypos(typed: string, name: string): number {
  if (typed.length === 0 || name.length === 0 || typed[0] !== name[0]) return Infinity;
  const n = name.length;
  // Optimal string alignment over three rows, as in search/name-words' editDistance, with the
  // substitution weighed by the letters.
  let before = new Array<number>(n + 1).fill(0);
  let previous = Array.from({ length: n + 1 }, (_, j) => j);
  let current = new Array<number>(n + 1).fill(0);
  for (let i = 1; i <= typed.length; i++) {
    current[0] = i;
    for (let j = 1; j <= n; j++) {
      let d = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + substitutionCost(typed[i - 1], name[j - 1]));
      if (i > 1 && j > 1 && typed[i - 1] === name[j - 2] && typed[i - 2] === name[j - 1]) d = Math.min(d, before[j - 2] + 1);
      current[j] = d;
    }
    [before, previous, current] = [previous, current, before];
  }
  return previous[n];
}
