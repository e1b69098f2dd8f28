// GET /hotels/{id} and the get_hotel tool: one hotel in full, read from the store.
import { displayPhotos, type HotelRecord } from '../catalog/hotel.js';
import { notFound, upstreamUnavailable } from '../errors.js';
import { hotelUrl, type Credit } from '../links/hotel-link.js';
import type { Hotel } from './schemas.js';
import type { CatalogServices } from './services.js';

export async function getHotel(services: CatalogServices, credit: Credit, id: string): Promise<Hotel> {
  let record: HotelRecord | null;
  try {
    record = await services.store.getHotel(id);
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
    city: record.city,
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
