// GET /suggest and the suggest tool: places and hotels for a search box, as people type.
import { hotelUrl, type Credit } from '../links/hotel-link.js';
import type { SuggestQuery, SuggestResponse } from './schemas.js';
import { namesLanguage } from '../locale/languages.js';
import { placeTotal } from '../search/place-search.js';
import { popularPlaces } from '../search/popular-places.js';
import { rememberedSuggestions } from './suggestion-cache.js';
import { currentIndex, type CatalogServices } from './services.js';

export const DEFAULT_SUGGESTIONS = 5;
/**
 * Suggestions are counted in tens against the allowance: the first call of every ten in a
 * window costs one request, the nine after it nothing (yet a call still needs a request left).
 * A search box calls on every keystroke; at one request each, a standard key's day would be
 * gone in a few hundred visitors.
 */
export const SUGGESTIONS_PER_REQUEST = 10;

export async function suggest(services: CatalogServices, credit: Credit, q: SuggestQuery): Promise<SuggestResponse> {
  const index = currentIndex(services);
  const limit = q.limit ?? DEFAULT_SUGGESTIONS;
  const only = q.only ?? 'both';
  const language = namesLanguage(credit.lang);
  const { names } = services;
  const found = rememberedSuggestions(index, `${limit} ${only} ${language} ${q.q}`, () => ({
    places: (only === 'hotels' ? [] : services.placeSuggestions.suggest(q.q, limit, (placeId) => index.hotelCount(placeId), (typed) => popularPlaces(index).beginning(typed))).map(({ place }) => ({
      place_id: place.id,
      name: names.nameOf(place, language),
      label: names.labelOf(place, language),
      kind: place.kind,
      country_code: place.countryCode,
      // What a search of it (by this place_id, or its name as destination) answers as its total.
      hotel_count: placeTotal(index, place),
    })),
    hotels: (only === 'places' ? [] : index.suggestHotels(q.q, limit)).map((i) => {
      const t = index.table;
      const city = names.cityOf(t.cityOf(i), t.countryCodeOf(i), t.lat[i], t.lng[i], language);
      return { id: t.idOf(i), name: t.nameOf(i), city, country_code: t.countryCodeOf(i) };
    }),
  }));
  // The links are the caller's own: made at every call, never remembered.
  const hotels = found.hotels.map((hotel) => ({ ...hotel, url: hotelUrl(services.links, hotel.id, credit) }));
  return { places: found.places, hotels };
}
