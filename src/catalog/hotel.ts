// The hotel record of the catalog feed: the Hotel of interface section 2.4 without `url`,
// which the service makes per caller. One schema validates feed lines and documents them.
import Type, { type Static } from 'typebox';

/** A page path on the main site without its leading slash: `hotel/pt/lisbon/belvedere-international-resort`. */
export const HOTEL_ID_PATTERN = '^[A-Za-z0-9_~-][A-Za-z0-9._~-]*(?:/[A-Za-z0-9_~-][A-Za-z0-9._~-]*)*$';
export const HOTEL_ID_RULE =
  'a page path such as "hotel/pt/lisbon/belvedere-international-resort": segments of letters, digits, ".", "_", "~" and "-" ' +
  'joined by "/", without a leading or trailing "/", at most 300 characters';

export const HotelId = Type.String({
  minLength: 1,
  maxLength: 300,
  pattern: HOTEL_ID_PATTERN,
  'x-rule': HOTEL_ID_RULE,
  description: "The hotel's page path on the main site, without the leading slash.",
  examples: ['hotel/pt/lisbon/belvedere-international-resort'],
});

const PhotoUrl = Type.String({
  maxLength: 2048,
  pattern: '^https?://[^\\s/?#]+[^\\s]*$',
  'x-rule': 'an http(s) URL of at most 2048 characters',
});

export const StarRating = Type.Number({
  minimum: 1,
  maximum: 5,
  multipleOf: 0.5,
  'x-rule': 'a star rating from 1 to 5 in steps of 0.5, or null',
});
export const GuestRating = Type.Number({ minimum: 0, maximum: 10, 'x-rule': 'a guest score from 0 to 10, or null' });

export const HotelRecordSchema = Type.Object(
  {
    id: HotelId,
    name: Type.String({ minLength: 1, maxLength: 200 }),
    stars: Type.Union([StarRating, Type.Null()]),
    rating: Type.Union([GuestRating, Type.Null()]),
    review_count: Type.Union([Type.Integer({ minimum: 0, maximum: 100_000_000 }), Type.Null()]),
    address: Type.String({ maxLength: 500 }),
    city: Type.String({ minLength: 1, maxLength: 200 }),
    country_code: Type.String({
      pattern: '^[A-Z]{2}$',
      'x-rule': 'an ISO 3166-1 alpha-2 country code in capitals, such as "PT"',
    }),
    latitude: Type.Number({ minimum: -90, maximum: 90 }),
    longitude: Type.Number({ minimum: -180, maximum: 180 }),
    description: Type.String({ maxLength: 20_000 }),
    photo_url: Type.Union([PhotoUrl, Type.Null()]),
    photos: Type.Array(PhotoUrl, { maxItems: 50 }),
    amenities: Type.Array(Type.String({ minLength: 1, maxLength: 100 }), { maxItems: 100 }),
  },
  { additionalProperties: false },
);

export type HotelRecord = Static<typeof HotelRecordSchema>;

/** The fields the in-memory indexes hold for every hotel; the rest is read from the store on demand. */
export type HotelCardRow = Pick<
  HotelRecord,
  | 'id'
  | 'name'
  | 'stars'
  | 'rating'
  | 'review_count'
  | 'address'
  | 'city'
  | 'country_code'
  | 'latitude'
  | 'longitude'
  | 'photo_url'
>;

/** Photos for display: at most five, the main photo first, no repeats. */
export function displayPhotos(record: Pick<HotelRecord, 'photo_url' | 'photos'>): string[] {
  const photos = record.photo_url ? [record.photo_url] : [];
  for (const url of record.photos) {
    if (photos.length === 5) break;
    if (!photos.includes(url)) photos.push(url);
  }
  return photos;
}
