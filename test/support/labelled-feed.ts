// Feeds of many hotels, each feed with a label of its own in every id and name, so that two
// feeds share no hotel and a test can tell which feed a row or an answer came from.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { HotelRecord } from '../../src/catalog/hotel.js';
import { LISBON_POINT } from './fixture-hotels.js';

export interface LabelledFeed {
  label: string;
  count: number;
  /** The id of the feed's n-th hotel (0-based). */
  idOf(n: number): string;
  /** `count` hotels in Lisbon (within about 2 km of its centre), all named after the label. */
  hotels(): HotelRecord[];
}

export interface LabelledFeedFile extends LabelledFeed {
  file: string;
}

export function labelledFeed(label: string, count: number): LabelledFeed {
  const idOf = (n: number) => `hotel/pt/lisbon/${label}-${n}`;
  const hotels = () =>
    Array.from({ length: count }, (_, n) => ({
      id: idOf(n),
      name: `${label} hotel ${n}`,
      stars: 1 + (n % 9) / 2,
      rating: (n % 101) / 10,
      review_count: n % 5000,
      address: `Rua ${label} ${n}`,
      city: 'Lisbon',
      country_code: 'PT',
      latitude: LISBON_POINT.lat + ((n % 200) - 100) * 0.0002,
      longitude: LISBON_POINT.lng + ((Math.floor(n / 200) % 200) - 100) * 0.0002,
      description: `Test hotel ${n} of feed ${label}.`,
      photo_url: null,
      photos: [],
      amenities: ['Free Wi-Fi'],
    }));
  return { label, count, idOf, hotels };
}

/** Writes the feed under `dir` as `<label>.ndjson`. */
export function writeLabelledFeed(dir: string, label: string, count: number): LabelledFeedFile {
  const feed = labelledFeed(label, count);
  const file = join(dir, `${label}.ndjson`);
  writeFileSync(file, feed.hotels().map((h) => JSON.stringify(h)).join('\n') + '\n');
  return { ...feed, file };
}
