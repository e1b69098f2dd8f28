// GET /hotels/{id} and the get_hotel tool: one hotel in full, read from the store.
import { namesLanguage } from '../locale/languages.js';
import { displayPhotos, type HotelRecord } from '../catalog/hotel.js';
import { notFound, upstreamUnavailable } from '../errors.js';
import { hotelUrl, type Credit } from '../links/hotel-link.js';
import type { Hotel } from './schemas.js';
import type { CatalogServices } from './services.js';

/**
 * The id as a path takes it, however it was sent: percent-encoded ("hotel%2Fpt%2Flisbon%2F…",
 * as the schema allows) or with a slash after it. No id holds "%" or ends in "/" (HOTEL_ID_PATTERN),
 * so reading them so never changes the id of another hotel.
 */
function hotelIdOf(sent: string): string {
  let id = sent;
  if (id.includes('%')) {
    try {
      id = decodeURIComponent(id);
    } catch {
      // Not an escape: the id is no hotel's as sent, and is answered 404 so.
    }
  }
  return id.length > 1 && id.endsWith('/') ? id.slice(0, -1) : id;
}

export async function getHotel(services: CatalogServices, credit: Credit, id: string): Promise<Hotel> {
  let record: HotelRecord | null;
  try {
    const hotelId = hotelIdOf(id);
    record = await (services.hotHotels ? services.hotHotels.get(hotelId) : services.store.getHotel(hotelId));
  } catch (error) {
    throw upstreamUnavailable('the hotel catalog cannot be read right now; try again shortly', 5, error);
  }
  if (!record) throw notFound(`no hotel has id ${JSON.stringify(id)}`);
  return {
    id: record.id,
    name: record.name,
    stars: record.stars,
    rating: record.rating,
    review_count: record.review_count,
    address: record.address,
    city: services.names.cityOf(record.city, record.country_code, record.latitude, record.longitude, namesLanguage(credit.lang)),
    country_code: record.country_code,
    latitude: record.latitude,
    longitude: record.longitude,
    description: record.description,
    photo_url: record.photo_url,
    photos: displayPhotos(record),
    amenities: record.amenities,
    url: hotelUrl(services.links, record.id, credit),
  };
}
