// The suggestion indexes on their own. Hotels: the answer of the sorted, ranged index equals
// reading every name (the rule written plainly), over random catalogs and texts typed in part.
// Places: what is suggested begins with what was typed (or one typo from it, never in the first
// letter), and the prefix helpers agree with a plain scan.
import { describe, expect, it } from 'vitest';
import { builtInGazetteer } from '../src/places/gazetteer.js';
import { PlaceSuggestions } from '../src/places/place-suggestions.js';
import { placeTypos } from '../src/places/place-typos.js';
import { NameIndex } from '../src/search/name-index.js';
import { LEADS, leadOf } from '../src/search/hotel-suggestions.js';
import { beginsFillerWord, isFillerLike, nameWords, spelledOut } from '../src/search/name-words.js';
import { followedBy, FOLLOWS } from '../src/search/suggestion-rows.js';
import { BestFirst, nearPrefixRanges, prefixRange, RangeBest } from '../src/search/prefix-ranges.js';
import { SortedTexts } from '../src/search/sorted-texts.js';
import { foldWords } from '../src/text/fold.js';

/** A small deterministic generator, so a failure can be replayed. */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

const WORDS = ['amber', 'ambler', 'grand', 'palace', 'palacete', 'pal', 'the', 'hotel', 'lisbon', 'lis', 'rooms', 'roma', 'saint', 'st', 'stella', 'sol', 'solar', 'inn', 'casa'];

/**
 * The rule, read off every name: names holding the typed words in order (each word once, as names
 * are read), then a word beginning with the unfinished one (as typed, or spelled out when it is an
 * abbreviation: "st" begins "stella" and is "saint"). A "hotel" or "the" typed first reads names
 * that begin with it first, then every name as if it had not been typed; typed alone and
 * unfinished ("hote", "th"), the names that begin with it. Tiers (lower first): 1 for a name that
 * lacks the lead typed, 1 for words held further in past shared words only (words of at least
 * n^(1/4) of n names), 2 past a word of the name's own, 2 more where an unfinished word may be
 * "hotel" or "the" and the name goes on after the words without it (a name of the same words
 * with "hotel" there goes on with it). Words typed twice, or an unfinished word that begins a word
 * typed, are checked on the name's own words.
 */
function everyName(names: string[], ranks: Uint32Array, text: string, limit: number): number[] {
  const folded = foldWords(text);
  const asTyped = /[a-z0-9]$/i.test(text) ? folded.pop() : undefined;
  const typed = folded.map(spelledOut);
  const unfinished = asTyped === undefined ? undefined : spelledOut(asTyped);
  const forms = [unfinished, asTyped].filter((u): u is string => u !== undefined && !isFillerLike(u));
  const follows = unfinished === undefined ? 0 : followedBy(unfinished);
  const typedLead = typed.length > 0 ? (LEADS[typed[0]] ?? 0) : 0;
  const meaningful = typed.filter((w) => !isFillerLike(w));
  const whole = [...new Set(meaningful)];
  const repeating = unfinished !== undefined && unfinished.length >= 2 && meaningful.some((w) => w.startsWith(unfinished));
  const typedTwice = whole.length < meaningful.length;
  const { shared, fillers } = catalogWords(names);
  const found: { hotel: number; tier: number }[] = [];
  names.forEach((name, hotel) => {
    const holds = ownWordsHold(name, meaningful, unfinished) || (asTyped !== unfinished && ownWordsHold(name, meaningful, asTyped));
    if (typedTwice && !holds) return;
    const words = nameWords(name);
    const lead = leadOf(name);
    let tier = Infinity;
    if (typed.length === 0 && follows !== 0 && lead === follows) tier = 0;
    for (const [needLead, extra] of typedLead !== 0 ? [[typedLead, 0], [0, 1]] : [[0, 0]]) {
      if (needLead !== 0 && lead !== needLead) continue;
      for (let i = 0; i < (needLead !== 0 ? 1 : words.length); i++) {
        if (!whole.every((w, k) => words[i + k] === w)) continue;
        const next = words[i + whole.length];
        const base = i === 0 ? 0 : words.slice(0, i).every(shared) ? 1 : 2;
        const sequence = whole.length > 0 || needLead !== 0;
        const goesOn = next !== undefined && whole.length > 0 && ((fillers.get(words.join(' '))!.get(next) ?? 0) & follows) !== 0;
        let t = Infinity;
        if (unfinished === undefined) t = sequence ? base : t;
        else if (isFillerLike(unfinished) || beginsFillerWord(unfinished)) t = sequence ? (next === undefined || goesOn ? base : base + 2) : t;
        if (next !== undefined && forms.some((u) => next.startsWith(u))) t = Math.min(t, base);
        // The unfinished word may repeat a word typed: names holding the words, checked on their own words.
        if (repeating && sequence && holds) t = Math.min(t, base);
        tier = Math.min(tier, t + extra);
      }
    }
    if (tier < Infinity) found.push({ hotel, tier });
  });
  found.sort((a, b) => a.tier - b.tier || ranks[a.hotel] - ranks[b.hotel]);
  return found.slice(0, limit).map((f) => f.hotel);
}

const wordsOfCatalog = new WeakMap<string[], ReturnType<typeof readCatalogWords>>();
function catalogWords(names: string[]) {
  let words = wordsOfCatalog.get(names);
  if (words === undefined) wordsOfCatalog.set(names, (words = readCatalogWords(names)));
  return words;
}

/** Words held by at least n^(1/4) of n names (shared), and per name as words the filler bits right before each of its words in one of its names. */
function readCatalogWords(names: string[]) {
  const frequency = new Map<string, number>();
  for (const name of names) for (const w of nameWords(name)) frequency.set(w, (frequency.get(w) ?? 0) + 1);
  const shared = (w: string) => Math.log(1 + names.length / frequency.get(w)!) <= 0.75 * Math.log(1 + names.length);
  const fillers = new Map<string, Map<string, number>>();
  for (const name of names) {
    const key = nameWords(name).join(' ');
    const before = fillers.get(key) ?? new Map<string, number>();
    fillers.set(key, before);
    let bits = 0;
    for (const w of foldWords(name).map(spelledOut)) {
      if (Object.hasOwn(FOLLOWS, w)) bits |= FOLLOWS[w];
      else if (!isFillerLike(w)) {
        if (bits !== 0 && !before.has(w)) before.set(w, bits);
        bits = 0;
      }
    }
  }
  return { shared, fillers };
}

/** Whether a name's own words (filler left out, repeats kept) hold `words` in a row, then one beginning with `unfinished`. */
function ownWordsHold(name: string, words: string[], unfinished: string | undefined): boolean {
  const own = foldWords(name)
    .map(spelledOut)
    .filter((w) => !isFillerLike(w));
  for (let at = 0; at + words.length <= own.length; at++) {
    if (!words.every((w, k) => own[at + k] === w)) continue;
    const after = own[at + words.length];
    if (unfinished === undefined || isFillerLike(unfinished) || beginsFillerWord(unfinished) || (after !== undefined && after.startsWith(unfinished))) return true;
  }
  return false;
}

describe('hotel suggestions', () => {
  it('equal reading every name, for 2,000 texts typed in part over random catalogs', () => {
    const next = random(14);
    const pick = <T,>(list: readonly T[]) => list[Math.floor(next() * list.length)];
    for (let catalog = 0; catalog < 20; catalog++) {
      const names = Array.from({ length: 300 }, () => Array.from({ length: 1 + Math.floor(next() * 4) }, () => pick(WORDS)).join(' '));
      const ranks = Uint32Array.from(names.keys());
      for (let i = ranks.length - 1; i > 0; i--) {
        const j = Math.floor(next() * (i + 1));
        [ranks[i], ranks[j]] = [ranks[j], ranks[i]];
      }
      const index = new NameIndex(names, ranks);
      for (let q = 0; q < 100; q++) {
        // Words of a catalog name from one of its words on: finished (a space after), or the last one cut anywhere.
        const words = pick(names).split(' ');
        const from = Math.floor(next() * words.length);
        const typed = words.slice(from, from + 1 + Math.floor(next() * (words.length - from)));
        const last = typed.pop()!;
        const text = [...typed, next() < 0.3 ? `${last} ` : last.slice(0, 1 + Math.floor(next() * last.length))].join(' ');
        const limit = 1 + Math.floor(next() * 8);
        expect(index.suggest(text, limit), `${JSON.stringify(text)} limit ${limit} in catalog ${catalog}`).toEqual(everyName(names, ranks, text, limit));
      }
    }
  });

  it('reads an unfinished word one typo away only when it begins no word, and after every name read as typed', () => {
    const names = ['Palace Lisbon', 'Amber Rooms', 'Grand Amber'];
    const index = new NameIndex(names, Uint32Array.from([2, 1, 0]));
    // "ambre" begins no word; one letter swapped it is "amber": names beginning so first.
    expect(index.suggest('ambre', 5)).toEqual([1, 2]);
    expect(index.suggest('Palcae Lis', 5)).toEqual([0]);
    // The first letter is never a typo.
    expect(index.suggest('bmber', 5)).toEqual([]);
  });
});

describe('prefix ranges', () => {
  const sorted = ['lima', 'lisboa', 'lisbon', 'lisburn', 'london', 'londrina', 'los angeles', 'lyon'];
  const flat = new SortedTexts(sorted);

  it('lay texts out flat and give each back as it was', () => {
    const texts = ['', 'a', 'ab', 'abc', 'z\u00fcrich', '\u5317\u4eac', '\u{1f3e8} hotel'].sort();
    const list = new SortedTexts(texts);
    expect(list.length).toBe(texts.length);
    texts.forEach((text, i) => {
      expect(list.at(i)).toBe(text);
      expect(list.lengthOf(i)).toBe(text.length);
      expect(list.is(i, text)).toBe(true);
      expect(list.is(i, `${text}x`)).toBe(false);
      if (text.length > 0) expect(list.is(i, text.slice(0, -1) + 'q')).toBe(text.endsWith('q'));
    });
    expect(new SortedTexts([]).length).toBe(0);
  });

  it('find the run of texts beginning with a prefix', () => {
    for (const prefix of ['l', 'lis', 'lisb', 'lon', 'lx', 'lisbonne', '', 'a', 'z']) {
      const [start, end] = prefixRange(flat, prefix);
      expect(sorted.slice(start, end)).toEqual(sorted.filter((s) => s.startsWith(prefix)));
    }
  });

  it('find the runs of texts one typo from a prefix, never changing its first letter', () => {
    const runs = (typed: string) => {
      const found = new Set<string>();
      nearPrefixRanges(flat, typed, () => true, (s, e) => sorted.slice(s, e).forEach((t) => found.add(t)));
      return [...found].sort();
    };
    expect(runs('lodn')).toEqual(['london', 'londrina']);
    expect(runs('lsib')).toEqual(['lisboa', 'lisbon', 'lisburn']);
    // "lisbo" with the n left out, "lisbu" with its last letter changed.
    expect(runs('lisbn')).toEqual(['lisboa', 'lisbon', 'lisburn']);
    expect(runs('oondon')).toEqual([]);
  });

  it('find exactly the texts one typo from a prefix, as the rule reads, in random lists', () => {
    // The rule, read off every text: past the first letter, at some place i, a letter typed too
    // many, two letters swapped, a letter changed (when allowed) or a letter left out.
    const oneTypoAway = (text: string, typed: string, allowed: (a: string, b: string) => boolean) => {
      for (let i = 1; i < typed.length; i++) {
        const head = typed.slice(0, i);
        if (!text.startsWith(head)) return false;
        const begins = (prefix: string) => text.startsWith(prefix);
        if (i + 1 < typed.length && begins(head + typed.slice(i + 1))) return true;
        if (i + 1 < typed.length && typed[i] !== typed[i + 1] && begins(head + typed[i + 1] + typed[i] + typed.slice(i + 2))) return true;
        const letter = text[i];
        if (letter === undefined) continue;
        if (letter !== typed[i] && allowed(typed[i], letter) && begins(head + letter + typed.slice(i + 1))) return true;
        if (begins(head + letter + typed.slice(i))) return true;
      }
      return false;
    };
    const next = random(11);
    const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)];
    const letters = [...'abilmnorst'];
    for (let trial = 0; trial < 300; trial++) {
      const texts = new Set<string>();
      const size = 1 + Math.floor(next() * 60);
      while (texts.size < size) texts.add(Array.from({ length: 1 + Math.floor(next() * 7) }, () => pick(letters)).join(''));
      const list = [...texts].sort();
      const typed = Array.from({ length: 1 + Math.floor(next() * 6) }, () => pick(letters)).join('');
      // A changed letter is allowed for about half the pairs of letters.
      const allowed = (a: string, b: string) => (a.charCodeAt(0) * 7 + b.charCodeAt(0)) % 2 === 0;
      const found = new Set<string>();
      nearPrefixRanges(new SortedTexts(list), typed, allowed, (s, e) => list.slice(s, e).forEach((text) => found.add(text)));
      expect([...found].sort(), `${typed} in ${list.join(' ')}`).toEqual(list.filter((text) => oneTypoAway(text, typed, allowed)));
    }
  });
});

describe('best first over ranges', () => {
  it('gives every item of every range once per range, by score less the range penalty, ties by position', () => {
    const next = random(7);
    for (let trial = 0; trial < 50; trial++) {
      const scores = Float64Array.from({ length: 1 + Math.floor(next() * 300) }, () => Math.floor(next() * 20));
      const ranges = new RangeBest(scores);
      const best = new BestFirst(ranges);
      const expected: { position: number; score: number }[] = [];
      for (let r = 0; r < 1 + Math.floor(next() * 6); r++) {
        const start = Math.floor(next() * scores.length);
        const end = start + Math.floor(next() * (scores.length - start + 1));
        const penalty = Math.floor(next() * 3);
        best.add(start, end, penalty);
        for (let p = start; p < end; p++) expected.push({ position: p, score: scores[p] - penalty });
      }
      const got: { position: number; score: number }[] = [];
      for (let item = best.next(); item !== null; item = best.next()) got.push(item);
      expect(got.map((g) => g.score)).toEqual(expected.map((e) => e.score).sort((a, b) => b - a));
      const key = (e: { position: number; score: number }) => `${e.position}:${e.score}`;
      expect(got.map(key).sort()).toEqual(expected.map(key).sort());
      for (let k = 1; k < got.length; k++) {
        if (got[k].score === got[k - 1].score) expect(got[k].position).toBeGreaterThanOrEqual(got[k - 1].position);
      }
    }
  });
});

describe('place suggestions', () => {
  const gazetteer = builtInGazetteer();
  const places = new PlaceSuggestions(gazetteer);
  const namesOf = new Map<object, string[]>();
  for (const name of gazetteer.nameKeys()) {
    for (const { place } of gazetteer.entriesNamed(name)) namesOf.set(place, [...(namesOf.get(place) ?? []), name]);
  }

  it('suggest only places known by a name beginning with the text, or with a text one typo from it (same first letter)', () => {
    for (const typed of ['lisb', 'lodnon', 'new yo', 'sprin', 'berln', 'tokio', 'xq']) {
      for (const { place } of places.suggest(typed, 10, () => 0)) {
        const n = typed.length;
        // placeTypos counts an unlike letter for another as two: so only close letters are changed.
        const fits = namesOf.get(place)!.some((name) => name.startsWith(typed) || [n - 1, n, n + 1].some((k) => placeTypos(typed, name.slice(0, k)) <= 1));
        expect(fits, `${place.label} for ${JSON.stringify(typed)}`).toBe(true);
      }
    }
  });

  it('rank a place with hotels above the same place without', () => {
    const without = places.suggest('Springfield', 5, () => 0).map((s) => s.place.id);
    const small = without.at(-1)!;
    const withHotels = places.suggest('Springfield', 5, (id) => (id === small ? 5000 : 0)).map((s) => s.place.id);
    expect(withHotels[0]).toBe(small);
  });
});
