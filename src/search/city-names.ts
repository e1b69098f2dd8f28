// Cities with hotels, found by name for find: the words of a typed hotel name that name its
// city, and the caller's `city` parameter, read with the typo tolerance destinations have
// ("Parsi" is Paris), so that a city is either understood or said not to be, never dropped.
import type { Gazetteer } from '../places/gazetteer.js';
import type { Place } from '../places/place.js';

/** Alternate city names count in find only for cities this big ("Munich" for München). */
const CITY_ALIAS_MIN_POPULATION = 100_000;

export interface CityReading {
  /** The numbers of the cities it names (all the Parises with hotels); empty when none. */
  numbers: number[];
  /** The one most hotels are in, for the answer to say; null when none. */
  place: Place | null;
}

export class CityNames {
  constructor(
    private readonly gazetteer: Gazetteer,
    /** Cities with hotels, numbered: by place id. */
    private readonly cityNumber: ReadonlyMap<string, number>,
    /** Hotels of each place, by place id: a city's count is its list's length. */
    private readonly members: ReadonlyMap<string, Uint32Array>,
  ) {}

  private hotelCount(placeId: string): number {
    return this.members.get(placeId)?.length ?? 0;
  }

  /** Cities with hotels of this folded name, by number; `alternates`: other names of big cities count too. */
  named(folded: string, alternates: boolean): number[] {
    // A word that is only some town's alternate name ("park", "grand") says nothing of a city.
    const numbers: number[] = [];
    for (const e of this.gazetteer.entriesNamed(folded)) {
      if (e.place.kind !== 'city' || (e.alternate && !(alternates && e.place.population >= CITY_ALIAS_MIN_POPULATION))) continue;
      const number = this.cityNumber.get(e.place.id);
      if (number !== undefined && !numbers.includes(number)) numbers.push(number);
    }
    return numbers;
  }

  /**
   * The caller's `city`: cities called so, else big cities known so in another language, else
   * a well-known city a typo away when no place is called so. A city's own name wins over another city's other name:
   * "Porto" is Porto, not Bordeaux (which some language calls Porto).
   */
  read(folded: string): CityReading {
    const entries = this.gazetteer.entriesNamed(folded);
    const own = this.readEntries(entries.filter((e) => !e.alternate));
    if (own.numbers.length > 0) return own;
    const other = this.readEntries(entries.filter((e) => e.alternate && e.place.population >= CITY_ALIAS_MIN_POPULATION));
    if (other.numbers.length > 0) return other;
    // A name some place bears as typed is not a typo of a city's: "France" is not Franca, Brazil.
    if (entries.length > 0) return { numbers: [], place: null };
    const near = this.gazetteer.entriesNear(folded);
    const fewest = Math.min(...near.map((n) => n.typos));
    const closest = near.filter((n) => n.typos === fewest).map((n) => n.entry);
    const ownNear = this.readEntries(closest.filter((e) => !e.alternate));
    return ownNear.numbers.length > 0 ? ownNear : this.readEntries(closest.filter((e) => e.place.population >= CITY_ALIAS_MIN_POPULATION));
  }

  private readEntries(entries: readonly { place: Place }[]): CityReading {
    const numbers: number[] = [];
    let place: Place | null = null;
    for (const { place: p } of entries) {
      const number = p.kind === 'city' ? this.cityNumber.get(p.id) : undefined;
      if (number === undefined || numbers.includes(number)) continue;
      numbers.push(number);
      if (place === null || this.hotelCount(p.id) > this.hotelCount(place.id)) place = p;
    }
    return { numbers, place };
  }
}
