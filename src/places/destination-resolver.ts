// Destination text to the place a traveller most likely means.
import { DEFAULT_LANGUAGE, type NameLanguage } from '../locale/languages.js';
import { foldText } from '../text/fold.js';
import type { Gazetteer, NameEntry } from './gazetteer.js';
import type { Place } from './place.js';
import { readInLanguage } from './place-names.js';
import { answersAGuess, NOTHING_LEFT_OUT, whatLeftOutSays, type Guess, type LeftOut } from './guessed-readings.js';
import { FEATURE_WORD, HOTEL_WORDS, namesOnlyAKind, NEAR_THE_TRAVELLER, WISHES, withoutKindWords } from './words-without-place.js';

/** Hotels the current catalog has in a place, by place id; part of how likely a place is meant. */
export type HotelCount = (placeId: string) => number;

export interface Resolution {
  place: Place;
  /**
   * Other places the text may well mean, likeliest first (at most MAX_ALTERNATIVES): those whose
   * likelihood is within ALTERNATIVE_MARGIN of the chosen one's. Empty when the choice is clear.
   */
  alternatives: Place[];
}

/** A resolution with how likely its place is meant (log10, as `likelihood`, less what its reading costs). */
export interface ScoredResolution extends Resolution {
  score: number;
}

/**
 * No reading good enough to answer, but guesses worth offering: "Casablanca Valley" may be a
 * valley near Casablanca, Morocco or Casablanca, Chile; neither is answered, both are offered.
 */
export interface Guesses {
  place: null;
  /** The places guessed, likeliest first (at most MAX_ALTERNATIVES). */
  alternatives: Place[];
}

/** Reads a destination as the beginning of a well-known place's name ("san fran"), or null. */
export type BeginningReader = (text: string, hotelCount: HotelCount) => ScoredResolution | null;

export interface DestinationResolver {
  /**
   * The most likely place for a destination text, with the other plausible ones; or, when the
   * only readings are guesses that do not win clearly (guessed-readings.ts), those guesses; or
   * null when nothing matches.
   */
  resolve(text: string, hotelCount: HotelCount, language?: NameLanguage): Resolution | Guesses | null;
}

// A country named outright is what people usually mean ("Luxembourg", "Mexico"), over a
// same-named city or region.
const COUNTRY_BONUS = 1;
// Hotel count weighs in, but a big city without hotels still beats a small one with a few.
const HOTEL_WEIGHT = 0.75;
// A reading through a typo counts for a tenth of one as typed, per typo: of two famous places
// one typo away, the more likely still wins.
export const TYPO_COST = 1;
/** How much likelier (log10) a place must be to win by another name over one bearing the text as its own. */
const OWN_NAME_FIRST = 1;
/** A name typed in part counts as one typo does. */
const BEGINNING_COST = TYPO_COST;
/** A city bearing a region's other name is what that name means when it holds this share of the region's people. */
export const NAMESAKE_CITY_SHARE = 0.25;
// Places at most 30 times less likely than the chosen one (log10) are worth a "did you mean":
// the Springfields of Missouri, Massachusetts and Illinois, not Paris, Texas beside Paris.
export const ALTERNATIVE_MARGIN = Math.log10(30);
export const MAX_ALTERNATIVES = 5;
/** A namesake with this many hotels in the catalog is offered however small it is. */
export const NAMESAKE_HOTELS = 5;

const DOTTED_ABBREVIATION = /^(?:[A-Za-z]\.){2,4}$/;
/** A region's name followed by a word that says it is one. */
const REGION_WORD = /^(.+) (?:state|province|region|county|prefecture)$/;
/** Hotels, and what hotels are wanted: "hotels", "cheap hotels", "the best luxury hotel". */
const WISHED_HOTELS = `(?:the )?(?:(?:${WISHES}) )*hotels?`;
/** Words people put before a place's name: "hotels in Rome", "cheap hotels Paris", "near the Eiffel Tower", "downtown Chicago". */
const WORDS_BEFORE = new RegExp(`^(?:${WISHED_HOTELS} (?:(?:in|on|near|around|at|by|close to) )?|(?:in|near|around|close to|downtown|central) )`);
/** ...and after it: "Rome hotels", "Paris cheap hotels", "Chicago downtown", "Paris 75001" (a postal code). */
const WORDS_AFTER = new RegExp(` (?:(?:(?:${WISHES}) )*hotels?|downtown|city cent(?:re|er)|\\d{4,6})$`);

/** A folded part of a destination without the words people put around a place's name. */
function withoutWordsAround(part: string): string {
  let bare = part.replace(WORDS_BEFORE, '');
  for (let after = bare.replace(WORDS_AFTER, ''); after !== bare; after = bare.replace(WORDS_AFTER, '')) bare = after;
  return bare;
}

/** Words place names are written with in full or short, each way to the other. */
const OTHER_SPELLING: Record<string, string> = { saint: 'st', st: 'saint', sainte: 'ste', ste: 'sainte', mount: 'mt', mt: 'mount', fort: 'ft', ft: 'fort' };
const SHORT_AND_LONG = /\b(?:saint|st|sainte|ste|mount|mt|fort|ft)\b/g;
/** Elided words of French, Italian and Irish names, typed apart: "d azur", "l aquila", "dell orto", "o brien". */
const ELISION = /\b([dlmnst]|qu|dell|all|nell|sull|sant|o) (?=[a-z])/g;

/** Among other words, a word this short is not read as a place: it is a code, or part of a name. */
const MAX_CODE_LENGTH = 3;
/** Texts of more words than this are not searched for a place among them. */
const MAX_WORDS_AMONG = 10;
/** A place's name followed by where it is: "where" is at most this many words ("Democratic Republic of the Congo"). */
const MAX_WHERE_WORDS = 5;
/** A place named among other words is read only when this well known: a town of 20,000 people, or its match by fame. */
const WELL_KNOWN = Math.log10(20_000);
/** Words for a stay: never a place among other words, nor the word after one read at a text's start ("Holiday Inn"). */
const HOTEL_NOUN = /^(?:the )?(?:hotels?|inns?|rooms?|resorts?|suites?|stays?|apartments?|hostels?|motels?|lodges?)$/;
/** What is left beside a place named among other words may not be wishes alone ("Best Western" is no Western Province). */
const WISHES_ONLY = new RegExp(`^(?:(?:the|${WISHES}) ?)+$`);
/** What is left of "the best hotel" without its wish: no name. */
const ARTICLE_ALONE = /^(?:the|a|an)$/;
/** An English article before a name: "the White House", "the Hague". */
const ARTICLE = /^the (.+)$/;

/** A place a name may mean, and the typos between what was typed and that name. */
interface Candidate {
  entry: NameEntry;
  typos: number;
}

/** Readings that were only guesses, kept to be offered when nothing better is found. */
class Guessed {
  private readonly found: { place: Place; score: number }[] = [];

  add(reading: ScoredResolution): void {
    this.found.push({ place: reading.place, score: reading.score });
    for (const place of reading.alternatives) this.found.push({ place, score: reading.score });
  }

  answer(): Guesses | null {
    if (this.found.length === 0) return null;
    const places: Place[] = [];
    for (const { place } of this.found.sort((x, y) => y.score - x.score)) {
      if (!places.some((p) => p === place || p.label === place.label)) places.push(place);
    }
    return { place: null, alternatives: places.slice(0, MAX_ALTERNATIVES) };
  }
}

/** How a name is looked up: as typed, or through typos of well-known names. */
type Lookup = (foldedName: string) => Candidate[];

export class GazetteerResolver implements DestinationResolver {
  private readonly asTyped: Lookup;
  private readonly throughTypos: Lookup;

  /** `beginnings`: read a text no place is called as a name typed in part (the place suggestions). */
  constructor(
    private readonly gazetteer: Gazetteer,
    private readonly beginnings: BeginningReader | null = null,
  ) {
    this.asTyped = (name) => {
      const entries = gazetteer.entriesNamed(name);
      // "Saint Louis" is St. Louis as much as Saint-Louis: a name written either way means both.
      const other = name.replace(SHORT_AND_LONG, (word) => OTHER_SPELLING[word]);
      let all = other === name ? entries : [...entries, ...gazetteer.entriesNamed(other)];
      // "cote d azur", "l aquila": an elision typed with a space for its apostrophe, which
      // folding drops ("Côte d'Azur" is filed as "cote dazur").
      const elided = all.length === 0 ? name.replace(ELISION, '$1') : name;
      if (elided !== name) all = gazetteer.entriesNamed(elided);
      return all.map((entry) => ({ entry, typos: 0 }));
    };
    this.throughTypos = (name) => gazetteer.entriesNear(name);
  }

  /** A capital called so ("Praia"), or an area or sight by its own name ("New Forest", "Grand Canyon"). */
  private namesAPlaceOfItsOwn(folded: string): boolean {
    return this.gazetteer
      .entriesNamed(folded)
      .some(({ place, alternate }) => (place.kind === 'city' && this.gazetteer.capitalOf(place.countryCode) === place.id) || (!alternate && (place.kind === 'area' || place.kind === 'landmark')));
  }

  resolve(text: string, hotelCount: HotelCount, language?: NameLanguage): Resolution | Guesses | null {
    // "U.K.", "U.S.A.": an abbreviation written with dots is the abbreviation.
    const undotted = DOTTED_ABBREVIATION.test(text.trim()) ? text.replace(/\./g, '') : text;
    const parts = undotted.split(',').map(foldText).filter(Boolean);
    if (parts.length === 0) return null;
    // "island", "the lake", "valley": a kind of place, not one (not Iceland, not Valley, Alabama);
    // but a capital called so is that capital ("Praia", Cape Verde's, is also "beach"), and an
    // area so called is that area ("New Forest" is no wish for a new forest).
    if (namesOnlyAKind(parts.join(' ')) && !this.namesAPlaceOfItsOwn(parts.join(' '))) return null;
    // A name the traveller's language gives some place is read as that place's, not as another
    // place's name in some other list ("Şam" with lang=tr is Damascus): place-names.ts.
    const inLanguage = (lookup: Lookup): Lookup => (language && language !== DEFAULT_LANGUAGE ? (name) => readInLanguage(lookup(name), language) : lookup);
    const asTypedLookup = inLanguage(this.asTyped);
    const typoLookup = inLanguage(this.throughTypos);
    // A name as typed always wins; only text no place is called is read as a typo, or as the
    // beginning of a name ("amster", "san fran"), whichever means the likelier place, each
    // counted as a tenth as likely as a name typed whole: "bangk" is Bangkok, not Bangui a typo
    // away; "Edinborough" still Edinburgh.
    const asTyped = this.readings(parts, asTypedLookup);
    if (asTyped.length > 0) return this.mostLikely(asTyped, hotelCount);
    // Readings past this point guess (a typo, words left out): each answers only when it wins
    // clearly (guessed-readings.ts); the others are offered if nothing better is found.
    const guessed = new Guessed();
    const answered = (candidates: Candidate[], leftOut: LeftOut) => this.answeredGuess(candidates, leftOut, hotelCount, guessed);
    // "hotels in Rome", "new york, ny 10001": a name as typed (or a typo away) once the words
    // around it are left out ("the best hotel" is not the town of Best: no article goes unless
    // words came before it).
    if (NEAR_THE_TRAVELLER.test(parts[0])) return null;
    const bare = parts.map(withoutWordsAround);
    if (bare.every((part) => part !== '') && bare.some((part, k) => part !== parts[k]) && !HOTEL_WORDS.test(bare[0]) && !ARTICLE_ALONE.test(bare[0])) {
      let named = this.candidates(bare[0], bare.slice(1), asTypedLookup);
      // "near the Eiffel Tower": an article after the words before a name goes too.
      const [, afterArticle] = WORDS_BEFORE.test(parts[0]) ? (ARTICLE.exec(bare[0]) ?? []) : [];
      if (named.length === 0 && afterArticle) named = this.candidates(afterArticle, bare.slice(1), asTypedLookup);
      // "hotels in Barcelna": what is left is read through a typo as any destination is.
      if (named.length === 0) named = this.candidates(afterArticle ?? bare[0], bare.slice(1), typoLookup);
      const reading = answered(named, NOTHING_LEFT_OUT);
      if (reading) return reading;
    }
    // "Sonoma Valley", "hotels on Lake Garda", "Koh Samui island": the name without the words for
    // its kind, as typed, when the whole is no place's name.
    const named = bare.every((part) => part !== '') ? bare : parts;
    const withoutKind = (lookup: Lookup) => {
      const { name, found } = this.firstCandidates(withoutKindWords(named[0]), named.slice(1), lookup);
      return answered(found, whatLeftOutSays(named[0].replace(name, ' ')));
    };
    const kindless = withoutKind(asTypedLookup);
    if (kindless) return kindless;
    // "madiera island": the name without its kind words, a typo away.
    const typoReading = answered(this.readings(parts, typoLookup), NOTHING_LEFT_OUT) ?? withoutKind(typoLookup);
    const begun = this.beginnings?.(text, hotelCount) ?? null;
    if (begun !== null && (typoReading === null || begun.score - BEGINNING_COST > typoReading.score)) return begun;
    return typoReading ?? this.placeAmongWords(parts, hotelCount, guessed, asTypedLookup) ?? guessed.answer();
  }

  /**
   * The likeliest of the candidates that a guess may answer with; the likeliest of all is kept
   * in `guessed` when none may.
   */
  private answeredGuess(candidates: Candidate[], leftOut: LeftOut, hotelCount: HotelCount, guessed: Guessed): ScoredResolution | null {
    if (candidates.length === 0) return null;
    const guesses: Guess[] = candidates.map(({ entry, typos }) => ({
      place: entry.place,
      score: likelihood(entry, hotelCount(entry.place.id)) - TYPO_COST * typos,
      meaning: likelihood(entry, 0) - TYPO_COST * typos,
      typos,
      alternate: entry.alternate,
    }));
    const good = candidates.filter((_, k) => answersAGuess(guesses[k], guesses, leftOut));
    const reading = this.mostLikely(good.length > 0 ? good : candidates, hotelCount);
    if (reading === null || good.length > 0) return reading;
    guessed.add(reading);
    return null;
  }

  /**
   * A well-known place named at the end of a text whose other words name nothing ("Disney World
   * Orlando", "Hilton Chicago", "Soho London"), or else at its start ("Orlando Disney World"): the
   * longest such run of words, as typed. Read last, when the whole text is nothing a typo or a
   * beginning away either: "lso angeles" is Los Angeles, not Angeles City. The words left out
   * may make it a guess ("Rialto Bridge" is no Rialto, California).
   */
  private placeAmongWords(parts: string[], hotelCount: HotelCount, guessed: Guessed, asTyped: Lookup): ScoredResolution | null {
    const words = parts.join(' ').split(' ');
    // A traveller's text is a few words: a long one is not read so (each run is a lookup).
    if (words.length > MAX_WORDS_AMONG) return null;
    const named = (run: string[], rest: string[]) => {
      const text = run.join(' ');
      // "best hotels" is not the town of Best, nor "hotels" a place, nor "me" (Montenegro's code) one among other words,
      // nor a word for a kind of place ("Sonoma Valley" is not Valley, Alabama; "Mount Rushmore" not Malta, MT).
      if (text.length <= MAX_CODE_LENGTH || HOTEL_WORDS.test(text) || HOTEL_NOUN.test(text) || FEATURE_WORD.test(text) || WISHES_ONLY.test(rest.join(' '))) return null;
      // Nor a word of three letters or fewer, which is as likely a code or a part of a name as a
      // place ("the best hotel" is not Teresina's airport, THE; "Big Sur" not Suriname, SUR, nor
      // Tenerife Sur Airport, nor Sur in Oman): codes are read typed alone.
      const known = this.readings([text], asTyped).filter(({ entry }) => likelihood(entry, 0) >= WELL_KNOWN);
      return this.answeredGuess(known, whatLeftOutSays(rest.join(' ')), hotelCount, guessed);
    };
    for (let k = 1; k < words.length; k++) {
      const atEnd = named(words.slice(k), words.slice(0, k));
      if (atEnd) return atEnd;
    }
    for (let k = words.length - 1; k >= 1; k--) {
      // "Holiday Inn Express", "La Quinta Inn": a place's name as part of a hotel's.
      if (HOTEL_NOUN.test(words[k])) continue;
      const atStart = named(words.slice(0, k), words.slice(k));
      if (atStart) return atStart;
    }
    return null;
  }

  /** The places the parts may mean, trying the readings of a destination text in turn. */
  private readings(parts: string[], lookup: Lookup): Candidate[] {
    // Some names hold a comma themselves ("Washington, D.C."): the whole text comes first.
    let candidates = parts.length > 1 ? this.candidates(parts.join(' '), [], lookup) : [];
    if (candidates.length === 0) candidates = this.candidates(parts[0], parts.slice(1), lookup);
    if (candidates.length === 0 && parts.length === 1) {
      // "Washington State", "Bali Province": a region's name followed by what it is.
      const [, regionName] = REGION_WORD.exec(parts[0]) ?? [];
      if (regionName) candidates = this.candidates(regionName, [], lookup).filter(({ entry }) => entry.place.kind === 'region');
    }
    if (candidates.length === 0) {
      // "the White House": the name without its article (kept where a place is called with it).
      const [, name] = ARTICLE.exec(parts[0]) ?? [];
      if (name) candidates = this.candidates(name, parts.slice(1), lookup);
    }
    if (candidates.length === 0 && parts.length === 1) {
      // "paris texas", "porto portugal": a place name followed by where it is.
      const words = parts[0].split(' ');
      for (let cut = words.length - 1; cut >= Math.max(1, words.length - MAX_WHERE_WORDS) && candidates.length === 0; cut--) {
        candidates = this.candidates(words.slice(0, cut).join(' '), [words.slice(cut).join(' ')], lookup);
      }
    }
    return candidates;
  }

  private mostLikely(candidates: Candidate[], hotelCount: HotelCount): ScoredResolution | null {
    // A region gives way to a same-named city inside it ("Lisbon" is the city, not the district
    // named after it; "New York" the city, though it is the state's own name and only one of
    // the city's), unless both bear the name only as another name (a city also called "Kreta"
    // does not hide Crete); and to its country's capital ("Washington" is D.C., not the state).
    const cityByName = new Set<string>();
    /** The most people of a city in each region that bears the name as one of its other names. */
    const cityByOtherName = new Map<string, number>();
    for (const { entry } of candidates) {
      const place = entry.place;
      if (place.kind !== 'city') continue;
      if (place.regionKey && !entry.alternate) cityByName.add(place.regionKey);
      if (place.regionKey && entry.alternate) {
        cityByOtherName.set(place.regionKey, Math.max(place.population, cityByOtherName.get(place.regionKey) ?? 0));
      }
      if (this.gazetteer.capitalOf(place.countryCode) === place.id) cityByName.add(place.countryCode);
    }
    const givesWay = ({ place, alternate }: NameEntry) => {
      if (place.kind !== 'region') return false;
      if (cityByName.has(place.regionKey!) || cityByName.has(place.countryCode)) return true;
      const cityPeople = cityByOtherName.get(place.regionKey!);
      // Both by another name ("Nueva York", "Kreta"): the city only when it is a good part of the region.
      return cityPeople !== undefined && (!alternate || cityPeople >= NAMESAKE_CITY_SHARE * place.population);
    };
    // A place called so as its own name is what the name means, unless one that has it only as
    // another name of no known language is far likelier ("Sylt" is the island, not Sylhet in one
    // list's spelling). A name in a language ("Monaco" for Munich in Italian) is a name, not a
    // spelling; an airport's name holds its town's ("Nice-Côte d'Azur") and claims nothing.
    const ownNamed = candidates.some(({ entry, typos }) => !entry.alternate && typos === 0 && entry.place.kind !== 'airport' && !givesWay(entry));
    let place: Place | null = null;
    let bestScore = -Infinity;
    for (const { entry, typos } of candidates) {
      if (givesWay(entry)) continue;
      const untagged = entry.alternate && !entry.languages;
      const score = likelihood(entry, hotelCount(entry.place.id)) - TYPO_COST * typos - (ownNamed && untagged ? OWN_NAME_FIRST : 0);
      if (score > bestScore || (score === bestScore && place !== null && entry.place.id < place.id)) {
        place = entry.place;
        bestScore = score;
      }
    }
    if (place === null) return null;
    return { place, score: bestScore, alternatives: this.alternatives(candidates, place, givesWay, hotelCount) };
  }

  /**
   * Other places the text may well mean: those bearing it as their own name ("Rome" is no name
   * of Lomé's to offer), at most ALTERNATIVE_MARGIN less likely than `chosen` by meaning alone,
   * hotels aside (a namesake without hotels yet is still one a traveller may mean: Portland,
   * Maine beside Portland, Oregon); and, however much smaller, a namesake where the catalog has
   * NAMESAKE_HOTELS hotels or more, a destination in its own right (Perth, Scotland; Naples,
   * Florida; Santiago de los Caballeros for "Santiago", the beginning of its name). Likeliest
   * first, hotels counted. Most texts name one place: nothing is allocated for them.
   */
  private alternatives(candidates: Candidate[], chosen: Place, givesWay: (entry: NameEntry) => boolean, hotelCount: HotelCount): Place[] {
    const meaning = ({ entry, typos }: Candidate) => likelihood(entry, hotelCount(entry.place.id)) - TYPO_COST * typos;
    let bar = likelihood({ place: chosen, bonus: 0, alternate: false }, 0);
    for (const c of candidates) if (c.entry.place === chosen && !c.entry.alternate) bar = Math.max(bar, likelihood(c.entry, 0) - TYPO_COST * c.typos);
    bar -= ALTERNATIVE_MARGIN;
    let chosenName: string | undefined;
    let found: { place: Place; meaning: number }[] | null = null;
    for (const c of candidates) {
      const other = c.entry.place;
      if (other === chosen || other.label === chosen.label || givesWay(c.entry)) continue;
      const destination = c.typos === 0 && hotelCount(other.id) >= NAMESAKE_HOTELS && other.kind === 'city';
      if (c.entry.alternate && !(destination && foldText(other.name).startsWith(`${(chosenName ??= foldText(chosen.name))} `))) continue;
      const m = meaning(c);
      if (likelihood(c.entry, 0) - TYPO_COST * c.typos < bar && !destination) continue;
      found ??= [];
      const seen = found.find((f) => f.place === other);
      if (seen) seen.meaning = Math.max(seen.meaning, m);
      else found.push({ place: other, meaning: m });
    }
    if (found === null) return [];
    found.sort((x, y) => y.meaning - x.meaning || (x.place.id < y.place.id ? -1 : x.place.id > y.place.id ? 1 : 0));
    return found.slice(0, MAX_ALTERNATIVES).map((f) => f.place);
  }

  /** The candidates of the first of `names` that has any, and that name. */
  private firstCandidates(names: string[], qualifiers: string[], lookup: Lookup): { name: string; found: Candidate[] } {
    for (const name of names) {
      const found = this.candidates(name, qualifiers, lookup);
      if (found.length > 0) return { name, found };
    }
    return { name: '', found: [] };
  }

  private candidates(name: string, qualifiers: string[], lookup: Lookup): Candidate[] {
    return lookup(name).filter(({ entry }) => qualifiers.every((q) => this.gazetteer.qualifies(entry.place, q)));
  }
}

/** How likely a name entry's place is meant by its name, with the catalog's hotels there (log10 scale). */
export function likelihood(entry: NameEntry, hotels: number): number {
  return (
    Math.log10(entry.place.population + 10) +
    HOTEL_WEIGHT * Math.log10(1 + hotels) +
    entry.bonus +
    (entry.place.kind === 'country' ? COUNTRY_BONUS : 0)
  );
}
