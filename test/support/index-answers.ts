// What the operations ask of a catalog index, over many queries, as plain data: two indexes
// that answer alike give equal arrays.
import type { Gazetteer } from '../../src/places/gazetteer.js';
import type { CatalogIndex } from '../../src/search/catalog-index.js';

/** A small deterministic generator, so a failure can be replayed. */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

/** Everything the operations ask of an index, over many queries, as plain data. */
export function answersOf(index: CatalogIndex, gazetteer: Gazetteer, seed: number): unknown[] {
  const next = random(seed);
  const hotel = () => Math.floor(next() * index.size);
  const filters = [
    { minStars: null, minRating: null },
    { minStars: 4, minRating: null },
    { minStars: null, minRating: 8.5 },
  ];
  const sorts = ['rating', 'stars', 'distance'] as const;
  const out: unknown[] = [];
  for (let q = 0; q < 300; q++) {
    const i = hotel();
    const t = index.table;
    out.push([t.idOf(i), t.nameOf(i), t.addressOf(i), t.cityOf(i), t.countryCodeOf(i), t.photoUrlOf(i), t.starsOf(i), t.ratingOf(i), t.reviewsOf(i), t.lat[i], t.lng[i]]);
    const point = { lat: t.lat[i] + (next() - 0.5) * 0.1, lng: t.lng[i] + (next() - 0.5) * 0.1 };
    out.push(index.near(point, [1, 5, 50][q % 3], filters[q % 3], sorts[q % 3], 20));
    out.push(index.countNear(point, 10));
    const name = t.nameOf(i);
    out.push(index.findByName(name, null, 10).matches);
    out.push(index.findByName(name.slice(0, -1), t.cityOf(i), 10));
    out.push(index.suggestHotels(name.slice(0, 2 + (q % 6)), 5));
    const city = gazetteer.locateCity(t.countryCodeOf(i), t.cityOf(i), t.lat[i], t.lng[i]);
    if (city) {
      out.push(index.hotelCount(city.id));
      out.push(index.inPlace(city, filters[(q + 1) % 3], sorts[(q + 1) % 3], 20));
    }
    const country = gazetteer.country(t.countryCodeOf(i))!;
    out.push(index.inPlace(country, filters[q % 3], 'rating', 20));
  }
  return JSON.parse(JSON.stringify(out));
}
