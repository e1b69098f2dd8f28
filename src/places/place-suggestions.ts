// Places for a search box, as people type: every name the gazetteer knows a place by, sorted,
// so the names beginning with what was typed are one run of the list, and the likeliest places
// of a run come first (population and fame, as a destination is read, then the catalog's hotels
// there). When the text begins few names, the names it begins with one typo away are read too.
import { BestFirst, nearPrefixRanges, prefixRange, RangeBest } from '../search/prefix-ranges.js';
import { SortedTexts } from '../search/sorted-texts.js';
import { foldText } from '../text/fold.js';
import { ALTERNATIVE_MARGIN, likelihood, MAX_ALTERNATIVES, NAMESAKE_CITY_SHARE, TYPO_COST, type HotelCount, type ScoredResolution } from './destination-resolver.js';
import type { Gazetteer, NameEntry } from './gazetteer.js';
import type { Place } from './place.js';
import { substitutionCost } from './place-typos.js';

/** The catalog's towns with the most hotels whose names begin with a folded text (search/popular-places.ts). */
export type PopularTowns = (typed: string) => readonly Place[];

export interface PlaceSuggestion {
  place: Place;
  /** Hotels the catalog has in the place. */
  hotels: number;
}

/**
 * A name typed in part says less than one typed whole. The resolver's bonus for an airport's or a
 * landmark's name (worth a city of millions when typed whole) counts at most as a city of about
 * 300,000 ("Lon" is London before the London Eye; "Heathr" is still the airport), and a name in
 * another language only from four letters typed, and as a place a thousand times smaller ("L" is
 * not India for its French name, "Porto" not Portugal for its Italian one).
 */
const PARTIAL_BONUS_CAP = 4.5;
const PARTIAL_OTHER_NAME_COST = 2;
/** A country named outright is likelier meant (the resolver's bonus); its name begun is not: "par" is Paris before Paraguay. */
const PARTIAL_COUNTRY_COST = 1;
/** A name typed whole, to its last letter, says more than the beginning of a longer one: "Porto" is Porto before "Portogallo". */
const WHOLE_NAME_BONUS = 1;
const MIN_OTHER_NAME_LETTERS = 4;
/**
 * A destination is read as the beginning of a name from five letters typed ("lisbo", not "lisb"):
 * cut to four letters, the names of the 3,738 cities of over 100,000 people long enough to cut
 * were read as another place more often than as their own (1,963 against 1,687); cut to five,
 * 1,119 against 1,678.
 */
const MIN_BEGINNING_LETTERS = 5;
/** Typed texts this long or longer are also read one typo away (the first letter always as typed). */
const MIN_TYPO_LETTERS = 4;
/** ...when the text as typed begins fewer names than this. */
const TYPO_WHEN_FEWER_NAMES = 32;
/**
 * Typo readings are of well-known places only, as a destination's are (a town of 20,000 people
 * or its match by fame): a name a typo from a hamlet's is more often another word, and the
 * shorter list makes the walk a fifth of the cost.
 */
const TYPO_MIN_STANDING = Math.log10(20_000);
/**
 * Typo readings come after every name that begins as typed, however small its place: what was
 * typed may be the start of the name the traveller is spelling right ("vallet" is Valletta
 * before Valledupar a typo away), as Google's and Booking's boxes complete.
 */
const TYPO_TIER = 100;
/** Places read before the catalog's hotels rank them, per place asked for. */
const READ_PER_PLACE = 3;
/** Names read at most per call: a run of one place's many names ends the reading early. */
const MAX_NAMES_READ = 200;

const closeLetters = (a: string, b: string) => substitutionCost(a, b) === 1;

/** Names, sorted, each with the gazetteer's name entry it leads to (its number), and the best of any run of them. */
interface NameList {
  names: SortedTexts;
  entries: Uint32Array;
  ranges: RangeBest;
}

function nameList(rows: readonly [string, number, number][]): NameList {
  return { names: new SortedTexts(rows.map((row) => row[0])), entries: Uint32Array.from(rows, (row) => row[1]), ranges: new RangeBest(Float64Array.from(rows, (row) => row[2])) };
}

export class PlaceSuggestions {
  /** Every name a place is known by, folded, sorted; one row per place the name leads to. */
  private readonly all: NameList;
  /** The names of well-known places, for typo readings. */
  private readonly known: NameList;

  constructor(private readonly gazetteer: Gazetteer) {
    // Each name with the place it leads to and the place's standing by that name typed in part.
    // (The built-in sort of plain strings, in code-unit order as the searches compare: 4 times
    // faster than sorting the rows with a comparison function.)
    const rows: [string, number, number][] = [];
    for (const name of [...gazetteer.nameKeys()].sort()) {
      const [start, end] = gazetteer.names.numbered(name);
      for (let k = start; k < end; k++) {
        const entry = gazetteer.names.entry(k);
        // An airport's code is an answer to the code typed whole, not to its first letters.
        if (entry.place.kind === 'airport' && entry.place.id === `iata:${name.toUpperCase()}`) continue;
        rows.push([name, k, partialStanding(entry)]);
      }
    }
    this.all = nameList(rows);
    this.known = nameList(rows.filter((row) => row[2] >= TYPO_MIN_STANDING));
  }

  /**
   * The likeliest places whose names begin with the typed text (or with it one typo away), best
   * first. "Name, where" narrows the name to places in a region or country whose name (or code)
   * begins with what follows the comma: "Paris, Tex", "Springfield, Ill", "Portland, ME".
   */
  suggest(text: string, limit: number, hotelCount: HotelCount, popular?: PopularTowns): PlaceSuggestion[] {
    return this.ranked(text, limit, hotelCount, true, popular).map(([place]) => ({ place, hotels: hotelCount(place.id) }));
  }

  /**
   * A destination that names no place, read as the beginning of a well-known place's name ("san
   * fran", "amster", "rio de jan"), as its suggestions would offer it: the likeliest such place,
   * with the others about as likely as alternatives. Never through a typo, never a place less
   * known than the typo readings of a destination, and only from MIN_BEGINNING_LETTERS letters:
   * a made-up name should stay unknown rather than become the first town it happens to begin.
   */
  beginningOf(text: string, hotelCount: HotelCount): ScoredResolution | null {
    if (nameAndWhere(text).typed.replaceAll(' ', '').length < MIN_BEGINNING_LETTERS) return null;
    const [best, ...rest] = this.ranked(text, 1 + MAX_ALTERNATIVES, hotelCount, false);
    if (best === undefined) return null;
    const [place, score] = best;
    const alternatives = rest.filter(([other, s]) => s >= score - ALTERNATIVE_MARGIN && other.label !== place.label).map(([other]) => other);
    return { place, score, alternatives };
  }

  /**
   * Places whose names begin with the typed text, likeliest first, with their scores. `loosely`:
   * as a search box reads it (any place, names typed whole first, one typo away when few names
   * begin so); otherwise well-known places only, as typed.
   */
  private ranked(text: string, limit: number, hotelCount: HotelCount, loosely: boolean, popular?: PopularTowns): [Place, number][] {
    const { typed, qualifier } = nameAndWhere(text);
    if (typed === '') return [];
    const keep = qualifier === '' ? null : (place: Place) => this.isIn(place, qualifier);
    const list = loosely ? this.all : this.known;
    const { names, entries } = list;
    const [start, end] = prefixRange(names, typed);
    const found = new Map<Place, number>();
    const offer = (place: Place, score: number) => {
      if (score > (found.get(place) ?? -Infinity)) found.set(place, score);
    };
    // The names typed whole, as a destination is read; the rest as names typed in part.
    for (let row = start; loosely && row < end && names.is(row, typed); row++) {
      if (keep && !keep(this.gazetteer.names.placeAt(entries[row]))) continue;
      const entry = this.gazetteer.names.entry(entries[row]);
      offer(entry.place, likelihood(entry, hotelCount(entry.place.id)) + WHOLE_NAME_BONUS);
    }
    const want = READ_PER_PLACE * limit;
    const take = (list: NameList, best: BestFirst, typo: boolean) => {
      for (let read = 0; found.size < want && read < MAX_NAMES_READ; read++) {
        const next = best.next();
        if (next === null) return;
        const k = list.entries[next.position];
        if (typed.length < MIN_OTHER_NAME_LETTERS && this.gazetteer.names.isAlternate(k)) continue;
        const place = this.gazetteer.names.placeAt(k);
        if (keep && !keep(place)) continue;
        // A country is offered for the start of one of its names, never a typo from one ("longy" is not Poland for "Lengyel").
        if (typo && place.kind === 'country') continue;
        if (loosely && list.names.is(next.position, typed)) continue;
        const entry = this.gazetteer.names.entry(k);
        const unnamed = namesNoAirport(entry, list.names, next.position, typed) ? Math.min(entry.bonus, PARTIAL_BONUS_CAP) : 0;
        offer(place, next.score + likelihood(entry, hotelCount(place.id)) - likelihood(entry, 0) - unnamed - (typo ? TYPO_TIER : 0));
      }
    };
    const asTyped = new BestFirst(list.ranges);
    asTyped.add(start, end, 0);
    take(list, asTyped, false);
    // At a few letters, the towns with the most hotels that begin so, however far down the names
    // read by people and fame they lie, scored as any name typed in part.
    for (const place of popular?.(typed) ?? []) {
      const entry = this.gazetteer.entriesNamed(foldText(place.name)).find((e) => e.place === place && !e.alternate);
      if (entry && !(keep && !keep(place))) offer(place, partialStanding(entry) + likelihood(entry, hotelCount(place.id)) - likelihood(entry, 0));
    }
    if (loosely && found.size < limit && typed.length >= MIN_TYPO_LETTERS && (end - start < TYPO_WHEN_FEWER_NAMES || keep)) {
      const typos = new BestFirst(this.known.ranges);
      nearPrefixRanges(this.known.names, typed, closeLetters, (s, e) => typos.add(s, e, TYPO_COST));
      take(this.known, typos, true);
    }
    // A region comes after a city of its name in it that holds a good part of its people, as
    // when a destination is read: the state of New York after New York City; the district of
    // Lisbon, named as its city, would only say the same again.
    for (const [region, score] of found) {
      if (region.kind !== 'region') continue;
      const name = foldText(region.name);
      for (const [city, cityScore] of found) {
        if (city.kind !== 'city' || city.regionKey !== region.regionKey || !foldText(city.name).startsWith(name)) continue;
        if (foldText(city.name) === name) {
          found.delete(region);
          break;
        } else if (city.population >= NAMESAKE_CITY_SHARE * region.population && score >= cityScore) found.set(region, cityScore - 1e-9);
      }
    }
    return [...found].sort(([a, x], [b, y]) => y - x || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)).slice(0, limit);
  }

  /**
   * Whether a place lies where a qualifier says, typed whole (a region's or country's name or
   * code, as a destination's "City, Where" is read) or in part: a part of its label after its
   * own name beginning so ("tex" of "Paris, Texas, United States").
   */
  private isIn(place: Place, qualifier: string): boolean {
    if (this.gazetteer.qualifies(place, qualifier)) return true;
    const parts = place.label.split(', ');
    for (let k = 1; k < parts.length; k++) if (foldText(parts[k]).startsWith(qualifier)) return true;
    return false;
  }
}

/** "Name, where", folded: the name typed (perhaps in part) and what narrows it, or ''. */
function nameAndWhere(text: string): { typed: string; qualifier: string } {
  const comma = text.indexOf(',');
  return comma < 0 ? { typed: foldText(text), qualifier: '' } : { typed: foldText(text.slice(0, comma)), qualifier: foldText(text.slice(comma + 1)) };
}

/**
 * Whether an airport is reached through the name of the city it serves with "airport" after it,
 * typed no further than the city ("vallet" of "valletta airport"): that says the city, so the
 * airport loses the standing its name gives it and comes after the city. "Valletta a" names the
 * airport; so does "heathr", the beginning of the airport's own name. The name is row `position` of `names`.
 */
function namesNoAirport(entry: NameEntry, names: SortedTexts, position: number, typed: string): boolean {
  if (entry.place.kind !== 'airport') return false;
  // Made as a string for airports only: most rows read are not.
  const name = names.at(position);
  const airport = name.lastIndexOf(' airport');
  if (airport <= 0 || typed.length > airport) return false;
  // An airport's label ends with the city it serves and its country: "… (MLA), Valletta, Malta".
  const parts = entry.place.label.split(', ');
  return parts.length >= 3 && foldText(parts[parts.length - 2]) === name.slice(0, airport);
}

/** How likely a place is meant by a name typed in part, the catalog's hotels aside. */
function partialStanding(entry: NameEntry): number {
  const country = entry.place.kind === 'country' ? PARTIAL_COUNTRY_COST : 0;
  const standing = likelihood(entry, 0) - Math.max(0, entry.bonus - PARTIAL_BONUS_CAP) - country;
  return entry.alternate ? standing - PARTIAL_OTHER_NAME_COST : standing;
}
