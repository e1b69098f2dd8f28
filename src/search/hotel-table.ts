// The card fields of every hotel of a catalog, column by column: numbers in typed arrays,
// texts in text columns, row i of every column being hotel i.
import type { ScannedCard } from '../catalog/store.js';
import { InternedColumn, OptionalStringColumn, StringColumn } from './string-column.js';

export class HotelTable {
  readonly ids: StringColumn;
  readonly names: StringColumn;
  readonly addresses: StringColumn;
  /** Many hotels share a city and a country: each is kept once. */
  readonly cities: InternedColumn;
  readonly countryCodes: InternedColumn;
  readonly photoUrls: OptionalStringColumn;
  readonly lat: Float64Array;
  readonly lng: Float64Array;
  /** NaN where the hotel has no star rating. */
  readonly stars: Float64Array;
  /** NaN where the hotel has no guest score. */
  readonly rating: Float64Array;
  /** -1 where the review count is unknown. */
  readonly reviews: Int32Array;
  /** Where the store keeps each hotel (ScannedCard.at); NaN where it did not say. */
  readonly storeRows: Float64Array;

  constructor(capacity: number) {
    this.ids = new StringColumn(capacity);
    this.names = new StringColumn(capacity);
    this.addresses = new StringColumn(capacity);
    this.cities = new InternedColumn(capacity);
    this.countryCodes = new InternedColumn(capacity);
    this.photoUrls = new OptionalStringColumn(capacity);
    this.lat = new Float64Array(capacity);
    this.lng = new Float64Array(capacity);
    this.stars = new Float64Array(capacity);
    this.rating = new Float64Array(capacity);
    this.reviews = new Int32Array(capacity);
    this.storeRows = new Float64Array(capacity);
  }

  get size(): number {
    return this.ids.length;
  }

  /** Appends a row; returns false when the table is full. */
  add(row: ScannedCard): boolean {
    const i = this.ids.length;
    if (i === this.lat.length) return false;
    this.ids.push(row.id);
    this.names.push(row.name);
    this.addresses.push(row.address);
    this.cities.push(row.city);
    this.countryCodes.push(row.country_code);
    this.photoUrls.push(row.photo_url);
    this.lat[i] = row.latitude;
    this.lng[i] = row.longitude;
    this.stars[i] = row.stars ?? Number.NaN;
    this.rating[i] = row.rating ?? Number.NaN;
    this.reviews[i] = row.review_count ?? -1;
    this.storeRows[i] = row.at ?? Number.NaN;
    return true;
  }

  /** No more rows: the text columns are made readable. */
  seal(): void {
    for (const column of [this.ids, this.names, this.addresses, this.cities, this.countryCodes, this.photoUrls]) column.seal();
  }

  /**
   * A sealed copy with its rows in another order: row k of the copy is row order[k] of this
   * one. Columns are copied as they are (no row objects): a million rows take about a second.
   */
  reordered(order: Uint32Array): HotelTable {
    const copy = new HotelTable(order.length);
    for (let k = 0; k < order.length; k++) {
      const i = order[k];
      copy.ids.push(this.idOf(i));
      copy.names.push(this.nameOf(i));
      copy.addresses.push(this.addressOf(i));
      copy.cities.push(this.cityOf(i));
      copy.countryCodes.push(this.countryCodeOf(i));
      copy.photoUrls.push(this.photoUrlOf(i));
      copy.lat[k] = this.lat[i];
      copy.lng[k] = this.lng[i];
      copy.stars[k] = this.stars[i];
      copy.rating[k] = this.rating[i];
      copy.reviews[k] = this.reviews[i];
      copy.storeRows[k] = this.storeRows[i];
    }
    copy.seal();
    return copy;
  }

  /** Hotel i's texts (the columns hold every row they are given, so these are there). */
  idOf(i: number): string {
    return this.ids.at(i)!;
  }

  nameOf(i: number): string {
    return this.names.at(i)!;
  }

  addressOf(i: number): string {
    return this.addresses.at(i)!;
  }

  cityOf(i: number): string {
    return this.cities.at(i)!;
  }

  countryCodeOf(i: number): string {
    return this.countryCodes.at(i)!;
  }

  photoUrlOf(i: number): string | null {
    return this.photoUrls.at(i)!;
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

  /** Where the store keeps hotel i, or undefined when it did not say. */
  storeRowOf(i: number): number | undefined {
    const v = this.storeRows[i];
    return Number.isNaN(v) ? undefined : v;
  }
}
