// Hotel cards (interface section 2.1) from the in-memory table.
import { hotelUrl, type Credit } from '../links/hotel-link.js';
import type { LinkSettings } from '../links/link-settings.js';
import type { CatalogIndex } from '../search/catalog-index.js';
import { roundKm } from '../search/geo.js';
import type { HotelCard } from './schemas.js';

export function hotelCard(
  index: CatalogIndex,
  i: number,
  distanceKm: number | null,
  links: LinkSettings,
  credit: Credit,
): HotelCard {
  const t = index.table;
  const id = t.idOf(i);
  return {
    id,
    name: t.nameOf(i),
    stars: t.starsOf(i),
    rating: t.ratingOf(i),
    review_count: t.reviewsOf(i),
    address: t.addressOf(i),
    latitude: t.lat[i],
    longitude: t.lng[i],
    distance_km: distanceKm === null ? null : roundKm(distanceKm),
    photo_url: t.photoUrlOf(i),
    url: hotelUrl(links, id, credit),
  };
}
