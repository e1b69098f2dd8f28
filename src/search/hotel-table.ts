// The card fields of every hotel of a catalog, column by column: numbers in typed arrays,
// strings in plain arrays, row i of every column being hotel i.
import type { HotelCardRow } from '../catalog/hotel.js';

export class HotelTable {
  readonly ids: string[] = [];
  readonly names: string[] = [];
  readonly addresses: string[] = [];
  readonly cities: string[] = [];
  readonly countryCodes: string[] = [];
  readonly photoUrls: (string | null)[] = [];
  readonly lat: Float64Array;
  readonly lng: Float64Array;
  /** NaN where the hotel has no star rating. */
  readonly stars: Float64Array;
  /** NaN where the hotel has no guest score. */
  readonly rating: Float64Array;
  /** -1 where the review count is unknown. */
  readonly reviews: Int32Array;
  private readonly interned = new Map<string, string>();

  constructor(capacity: number) {
    this.lat = new Float64Array(capacity);
    this.lng = new Float64Array(capacity);
    this.stars = new Float64Array(capacity);
    this.rating = new Float64Array(capacity);
    this.reviews = new Int32Array(capacity);
  }

  get size(): number {
    return this.ids.length;
  }

  /** Appends a row; returns false when the table is full. */
  add(row: HotelCardRow): boolean {
    const i = this.ids.length;
    if (i === this.lat.length) return false;
    this.ids.push(row.id);
    this.names.push(row.name);
    this.addresses.push(row.address);
    // Many hotels share a city and a country: keep one copy of each string.
    this.cities.push(this.intern(row.city));
    this.countryCodes.push(this.intern(row.country_code));
    this.photoUrls.push(row.photo_url);
    this.lat[i] = row.latitude;
    this.lng[i] = row.longitude;
    this.stars[i] = row.stars ?? Number.NaN;
    this.rating[i] = row.rating ?? Number.NaN;
    this.reviews[i] = row.review_count ?? -1;
    return true;
  }

  private intern(text: string): string {
    const known = this.interned.get(text);
    if (known !== undefined) return known;
    this.interned.set(text, text);
    return text;
  }

  starsOf(i: number): number | null {
    const v = this.stars[i];
    return Number.isNaN(v) ? null : v;
  }

  ratingOf(i: number): number | null {
    const v = this.rating[i];
    return Number.isNaN(v) ? null : v;
  }

  reviewsOf(i: number): number | null {
    const v = this.reviews[i];
    return v < 0 ? null : v;
  }
}
