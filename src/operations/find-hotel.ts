// GET /hotels/find and the find_hotel tool: one hotel by its name as people say it.
import { namesLanguage } from '../locale/languages.js';
import { invalidParams, notFound } from '../errors.js';
import type { Credit } from '../links/hotel-link.js';
import { hotelCard } from './cards.js';
import type { FindQuery, FindResponse } from './schemas.js';
import { currentIndex, type CatalogServices } from './services.js';

export const MAX_MATCHES = 5;

export async function findHotel(services: CatalogServices, credit: Credit, q: FindQuery): Promise<FindResponse> {
  if (q.name.trim() === '') throw invalidParams(`name is blank (got ${JSON.stringify(q.name)}); send the hotel's name`);
  if (q.city !== undefined && q.city.trim() === '') {
    throw invalidParams(`city is blank (got ${JSON.stringify(q.city)}); leave it out or send a city's name`);
  }
  const index = currentIndex(services);
  const { matches, city } = index.findByName(q.name, q.city ?? null, MAX_MATCHES);
  if (matches.length === 0) {
    const where = q.city === undefined ? '' : ` in or near ${JSON.stringify(q.city)}`;
    throw notFound(`no hotel name is close enough to ${JSON.stringify(q.name)}${where}`);
  }
  const cards = matches.map((m) => hotelCard(index, m.index, null, services.links, credit));
  // Said only when a city was sent: what it was read as, or null for a city we have no hotels in.
  if (city === undefined) return { hotel: cards[0], matches: cards };
  return { hotel: cards[0], matches: cards, city: city ? services.names.labelOf(city, namesLanguage(credit.lang)) : null };
}
