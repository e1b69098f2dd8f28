// Destination text to the place a traveller most likely means.
import { foldText } from '../text/fold.js';
import type { Gazetteer, NameEntry } from './gazetteer.js';
import type { Place } from './place.js';

/** Hotels the current catalog has in a place, by place id; part of how likely a place is meant. */
export type HotelCount = (placeId: string) => number;

export interface DestinationResolver {
  /** The most likely place for a destination text, or null when nothing matches. */
  resolve(text: string, hotelCount: HotelCount): Place | null;
}

// A country named outright is what people usually mean ("Luxembourg", "Mexico"), over a
// same-named city or region.
const COUNTRY_BONUS = 1;
// Hotel count weighs in, but a big city without hotels still beats a small one with a few.
const HOTEL_WEIGHT = 0.75;

export class GazetteerResolver implements DestinationResolver {
  constructor(private readonly gazetteer: Gazetteer) {}

  resolve(text: string, hotelCount: HotelCount): Place | null {
    const parts = text.split(',').map(foldText).filter(Boolean);
    if (parts.length === 0) return null;
    // Some names hold a comma themselves ("Washington, D.C."): the whole text comes first.
    let candidates = parts.length > 1 ? this.candidates(parts.join(' '), []) : [];
    if (candidates.length === 0) candidates = this.candidates(parts[0], parts.slice(1));
    if (candidates.length === 0 && parts.length === 1) {
      // "paris texas", "porto portugal": a place name followed by where it is.
      const words = parts[0].split(' ');
      for (let cut = words.length - 1; cut >= 1 && candidates.length === 0; cut--) {
        candidates = this.candidates(words.slice(0, cut).join(' '), [words.slice(cut).join(' ')]);
      }
    }
    // "Lisbon" is the city, not the district named after it: a region gives way to a
    // same-named city inside it.
    const namesakeRegions = new Set(candidates.filter((e) => e.place.kind === 'city').map((e) => e.place.regionKey));
    candidates = candidates.filter((e) => e.place.kind !== 'region' || !namesakeRegions.has(e.place.regionKey));
    let best: Place | null = null;
    let bestScore = -Infinity;
    for (const entry of candidates) {
      const place = entry.place;
      const score = likelihood(entry, hotelCount(place.id));
      if (score > bestScore || (score === bestScore && best !== null && place.id < best.id)) {
        best = place;
        bestScore = score;
      }
    }
    return best;
  }

  private candidates(name: string, qualifiers: string[]): NameEntry[] {
    return this.gazetteer
      .entriesNamed(name)
      .filter((entry) => qualifiers.every((q) => this.gazetteer.qualifies(entry.place, q)));
  }
}

function likelihood(entry: NameEntry, hotels: number): number {
  return (
    Math.log10(entry.place.population + 10) +
    HOTEL_WEIGHT * Math.log10(1 + hotels) +
    entry.bonus +
    (entry.place.kind === 'country' ? COUNTRY_BONUS : 0)
  );
}
