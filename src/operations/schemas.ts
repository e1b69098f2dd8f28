// The schemas of the operations: inputs and outputs. They validate requests, type the
// code, and generate the OpenAPI document and the MCP tool inputs; nothing else describes them.
import Type, { type Static } from 'typebox';
import { GuestRating, HotelId, StarRating } from '../catalog/hotel.js';
import { ERROR_CODES } from '../errors.js';

const NullableNumber = (description: string) => Type.Union([Type.Number(), Type.Null()], { description });

const SUB_ID_PATTERN = '^[A-Za-z0-9_-]{1,200}$';

const SUB_ID_RE = new RegExp(SUB_ID_PATTERN);

/** Whether a value sent as sub_id is one (of a call whose other input was refused). */
export const isSubId = (value: unknown): value is string => typeof value === 'string' && SUB_ID_RE.test(value);

export const SubId = Type.String({
  minLength: 1,
  maxLength: 200,
  pattern: SUB_ID_PATTERN,
  'x-rule': '1 to 200 letters, digits, underscores or hyphens',
  description: 'Your tag for the placement. Every returned link carries it as the query parameter utm_content.',
  examples: ['homepage-widget'],
});

/**
 * The traveller's language and currency: names in the answer are given in the language where the
 * service has them, and every link opens the booking site in both. Checked against real lists
 * when read (locale/locale-params.ts); the schema only bounds their length.
 */
export const Lang = Type.String({
  minLength: 1,
  maxLength: 35,
  description:
    'The traveller\'s language, a BCP 47 tag (de, pt-BR, zh-Hant). Place names in the answer (destination, labels, ' +
    'cities) are given in it where the service has them, else in English (the Content-Language header says which); ' +
    'every link carries it as lang, so the hotel page opens in it. Without it, an HTTP call uses its Accept-Language ' +
    'header. Error messages stay in English.',
});

export const Currency = Type.String({
  minLength: 1,
  maxLength: 40,
  description: 'The traveller\'s currency, an ISO 4217 code (EUR, BRL, JPY): every link carries it as currency, so the hotel page shows prices in it.',
});

/** The parameters every operation that names places or makes links takes. */
const localeFields = { lang: Type.Optional(Lang), currency: Type.Optional(Currency) };

// No `default` keyword: the default depends on the kind of search, and consoles and generated
// clients that fill in a declared default would turn every point search into a rating sort.
export const SortOrder = Type.Enum(['rating', 'stars', 'distance'], {
  type: 'string',
  description:
    'rating: best guest score first (ties: more reviews, then name). stars: most stars first, then by rating. ' +
    'distance: nearest first; needs a point (lat/lng, place_id, or a destination with a centre such as a city). ' +
    'Default: distance for lat/lng and place_id searches, and for a destination that is a point to a traveller (an ' +
    'airport, a sight) or that has no hotels of its own and is searched around; rating otherwise (a city, region, ' +
    'island or country).',
});

export const SearchQuery = Type.Object(
  {
    destination: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 200,
        description:
          'A place as people say it: a city in any common spelling or language ("Lisbon", "Lisboa", "Paris, Texas"), ' +
          'a region, a country, an airport by IATA code or name ("JFK", "Heathrow") or a landmark ("Eiffel Tower"). ' +
          'The most likely place wins (population, hotels here); the response names the place understood.',
        examples: ['Lisbon'],
      }),
    ),
    place_id: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 300,
        description:
          'A place identifier: a GeoNames city as `geonames:{id}`, a region as `region:{CC}.{code}`, a country as ' +
          '`country:{CC}`, an airport as `iata:{code}`, a landmark as `landmark:{slug}`, an island, lake, coast or park ' +
          'as `area:{slug}-{cc}` (as suggestions give them), or (when the service has a ' +
          'Google Places key) a Google place id. A place of the service\'s own is searched as its destination search ' +
          'is (the same hotels in the same order; its suggestion\'s hotel_count is the total); a Google place around ' +
          'its location, nearest first. Unknown ids are 404; a places service that fails or is slow is 503.',
        examples: ['geonames:2267057'],
      }),
    ),
    lat: Type.Optional(Type.Number({ minimum: -90, maximum: 90, description: 'Latitude of the point; send with lng.' })),
    lng: Type.Optional(Type.Number({ minimum: -180, maximum: 180, description: 'Longitude of the point; send with lat.' })),
    radius_km: Type.Optional(
      // No `default` keyword, as for sort: a console that fills it in (Swagger UI does) would send
      // radius_km with every destination search, which takes none.
      Type.Number({ minimum: 1, maximum: 50, description: 'Search radius around lat/lng, in km; 5 when not sent. Only with lat/lng.' }),
    ),
    label: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 200,
        description: 'Echoed as destination in the response. Only with lat/lng or place_id.',
      }),
    ),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 20, default: 10, description: 'Most hotels returned.' })),
    sort: Type.Optional(SortOrder),
    min_stars: Type.Optional(Type.Number({ minimum: 1, maximum: 5, description: 'Only hotels with at least this star rating.' })),
    min_rating: Type.Optional(Type.Number({ minimum: 0, maximum: 10, description: 'Only hotels with at least this guest score.' })),
    sub_id: Type.Optional(SubId),
    ...localeFields,
    cursor: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 200,
        description:
          'The next_cursor of an earlier answer, to get the next page: send it with the same search parameters ' +
          '(limit may differ). A cursor of another search, or made before the catalog was updated, is 400.',
      }),
    ),
  },
  { additionalProperties: false },
);
export type SearchQuery = Static<typeof SearchQuery>;

export const FindQuery = Type.Object(
  {
    name: Type.String({
      minLength: 1,
      maxLength: 200,
      description: 'The hotel name as people say it; case, accents, word order and small typos do not matter.',
      examples: ['Belvedere International Resort'],
    }),
    city: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 200,
        description: 'A city that the hotel is in; favours hotels there. Typos allowed; the answer says how it was read.',
        examples: ['Lisbon'],
      }),
    ),
    sub_id: Type.Optional(SubId),
    ...localeFields,
  },
  { additionalProperties: false },
);
export type FindQuery = Static<typeof FindQuery>;

export const SuggestQuery = Type.Object(
  {
    q: Type.String({
      minLength: 1,
      maxLength: 100,
      description:
        'What has been typed so far into a search box: the beginning of a place or hotel name ("Lisb", "new yo", ' +
        '"belvedere int"). Case, accents and a typo do not matter; a last word not followed by a space may be unfinished. ' +
        '"Name, where" narrows places to a region or country that begins so ("Paris, Tex").',
      examples: ['Lisb'],
    }),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 10, default: 5, description: 'Most places, and most hotels, returned.' })),
    only: Type.Optional(
      Type.Enum(['places', 'hotels'], {
        type: 'string',
        description: 'Suggest only places (a destination box) or only hotels (a hotel-name box); both when not sent. The other list is then empty.',
      }),
    ),
    sub_id: Type.Optional(SubId),
    ...localeFields,
  },
  { additionalProperties: false },
);
export type SuggestQuery = Static<typeof SuggestQuery>;

export const HotelPath = Type.Object({
  id: Type.String({
    minLength: 1,
    maxLength: 1000,
    description: 'A hotel id from a search or find result, with its slashes as they are or percent-encoded.',
    examples: ['hotel/pt/lisbon/belvedere-international-resort'],
  }),
});

export const SubIdQuery = Type.Object({ sub_id: Type.Optional(SubId), ...localeFields }, { additionalProperties: false });
export type SubIdQuery = Static<typeof SubIdQuery>;

export const LinksBody = Type.Object(
  {
    urls: Type.Array(Type.String({ maxLength: 2048 }), {
      minItems: 1,
      maxItems: 10,
      description: 'Addresses on the main or travel site: hotel pages, search pages, the home page.',
      examples: [['https://www.stays.example/hotel/pt/lisbon/belvedere-international-resort']],
    }),
  },
  { additionalProperties: false, 'x-rule': 'a JSON object {"urls": [...]} with 1 to 10 URL strings' },
);
export type LinksBody = Static<typeof LinksBody>;

// The whole input of an operation, wherever its parts travel: over HTTP the hotel id is in the
// path and urls in the body, sub_id in the query; an MCP tool takes them as one object.

export const HotelRequest = Type.Object({ ...HotelPath.properties, ...SubIdQuery.properties }, { additionalProperties: false });
export type HotelRequest = Static<typeof HotelRequest>;

export const LinksRequest = Type.Object({ ...LinksBody.properties, ...SubIdQuery.properties }, { additionalProperties: false });
export type LinksRequest = Static<typeof LinksRequest>;

// ----- Responses -----

export const HotelCard = Type.Object(
  {
    id: HotelId,
    name: Type.String(),
    stars: Type.Union([StarRating, Type.Null()], { description: 'Star rating.' }),
    rating: Type.Union([GuestRating, Type.Null()], { description: 'Guest score out of 10.' }),
    review_count: Type.Union([Type.Integer({ minimum: 0 }), Type.Null()]),
    address: Type.String(),
    latitude: NullableNumber('Latitude.'),
    longitude: NullableNumber('Longitude.'),
    distance_km: NullableNumber(
      'Distance in km (to 0.01) from the searched point, or from the centre of the searched city; null otherwise.',
    ),
    photo_url: Type.Union([Type.String(), Type.Null()], { description: 'Main photo. Link to it; never copy it.' }),
    url: Type.String({ description: "The hotel's page, credited to you (aff) and tagged (utm_content)." }),
  },
  { additionalProperties: false },
);
export type HotelCard = Static<typeof HotelCard>;

export const PlaceAlternative = Type.Object(
  {
    place_id: Type.String({ description: 'Send it as place_id to search this place instead.' }),
    name: Type.String(),
    label: Type.String({ description: 'The place as the service writes it: "Springfield, Massachusetts, United States".' }),
    kind: Type.Enum(['city', 'region', 'country', 'airport', 'landmark', 'area'], {
      type: 'string',
      description: 'area: an island, lake, coast, valley, park or range, searched inside its bounds (a peak, cape or waterfall as a point).',
    }),
    country_code: Type.String({ description: 'ISO 3166-1 alpha-2.' }),
  },
  { additionalProperties: false },
);
export type PlaceAlternative = Static<typeof PlaceAlternative>;

export const PlaceSuggestion = Type.Object(
  {
    ...PlaceAlternative.properties,
    hotel_count: Type.Integer({
      minimum: 0,
      description: 'Hotels a search of this place_id finds: those of the place, or for an airport or landmark those within its reach.',
    }),
  },
  { additionalProperties: false },
);
export type PlaceSuggestion = Static<typeof PlaceSuggestion>;

export const HotelSuggestion = Type.Object(
  {
    id: HotelId,
    name: Type.String(),
    city: Type.String(),
    country_code: Type.String({ description: 'ISO 3166-1 alpha-2.' }),
    url: Type.String({ description: "The hotel's page, credited to you (aff) and tagged (utm_content)." }),
  },
  { additionalProperties: false },
);
export type HotelSuggestion = Static<typeof HotelSuggestion>;

export const SuggestResponse = Type.Object(
  {
    places: Type.Array(PlaceSuggestion, {
      maxItems: 10,
      description:
        'Places whose name (or another name, from four letters) begins with what was typed, likeliest first: ' +
        'population and fame, then the hotels here. Search one with its place_id.',
    }),
    hotels: Type.Array(HotelSuggestion, {
      maxItems: 10,
      description:
        'Hotels whose name holds the typed words in order, the last one perhaps unfinished: names that begin with ' +
        'them first, then best-rated first. Open one with its id or url.',
    }),
  },
  { additionalProperties: false },
);
export type SuggestResponse = Static<typeof SuggestResponse>;

export const SearchResponse = Type.Object(
  {
    destination: Type.String({
      description:
        'The place as understood ("Paris, Île-de-France, France"); for lat/lng and place_id searches the label ' +
        'sent, or else the provider\'s name for the place, or the coordinates.',
    }),
    total: Type.Integer({ minimum: 0, description: 'Matching hotels before limit.' }),
    hotels: Type.Array(HotelCard),
    next_cursor: Type.Optional(
      Type.String({
        description:
          'Present when more hotels follow (up to 500 deep): send it as cursor, with the same parameters, for the next page.',
      }),
    ),
    alternatives: Type.Optional(
      Type.Array(PlaceAlternative, {
        maxItems: 5,
        description:
          'Only for a destination that several places may well mean ("Springfield"): the others, likeliest first, ' +
          'each at most 30 times less likely than the place answered, or a smaller namesake with at least 5 hotels of ' +
          'its own (London, Ontario beside London). Offer them as "did you mean"; absent when the choice is clear.',
      }),
    ),
  },
  { additionalProperties: false },
);
export type SearchResponse = Static<typeof SearchResponse>;

export const FindResponse = Type.Object(
  {
    hotel: HotelCard,
    matches: Type.Array(HotelCard, { maxItems: 5, description: 'Up to five candidates, best first, the best included.' }),
    city: Type.Optional(
      Type.Union([Type.String(), Type.Null()], {
        description:
          'Only when city was sent: the city it was read as, typos allowed ("Parsi" is "Paris, Île-de-France, France"; of ' +
          'namesakes, the one with most hotels is named, and hotels in any of them are favoured), or null when it names no ' +
          'city with hotels, in which case nothing was favoured.',
      }),
    ),
  },
  { additionalProperties: false },
);
export type FindResponse = Static<typeof FindResponse>;

export const Hotel = Type.Object(
  {
    id: HotelId,
    name: Type.String(),
    stars: Type.Union([StarRating, Type.Null()]),
    rating: Type.Union([GuestRating, Type.Null()]),
    review_count: Type.Union([Type.Integer({ minimum: 0 }), Type.Null()]),
    address: Type.String(),
    city: Type.String(),
    country_code: Type.String({ description: 'ISO 3166-1 alpha-2.' }),
    latitude: Type.Number(),
    longitude: Type.Number(),
    description: Type.String(),
    photo_url: Type.Union([Type.String(), Type.Null()]),
    photos: Type.Array(Type.String(), { maxItems: 5, description: 'Up to five, main photo first.' }),
    amenities: Type.Array(Type.String()),
    url: Type.String({ description: "The hotel's page, credited to you." }),
  },
  { additionalProperties: false },
);
export type Hotel = Static<typeof Hotel>;

export const LinkEntry = Type.Object(
  {
    input: Type.String({ description: 'The URL as submitted.' }),
    url: Type.Union([Type.String(), Type.Null()], { description: 'The URL carrying your code (https), or null.' }),
    error: Type.Union(
      [
        Type.Object(
          {
            code: Type.Enum(['invalid_url', 'not_service_url', 'other_partner_code'], { type: 'string' }),
            message: Type.String(),
          },
          { additionalProperties: false },
        ),
        Type.Null(),
      ],
      { description: 'Why this URL cannot carry your code; null when url is given.' },
    ),
  },
  { additionalProperties: false },
);

export const LinksResponse = Type.Object(
  { links: Type.Array(LinkEntry, { description: 'One entry per submitted URL, in the order submitted.' }) },
  { additionalProperties: false },
);
export type LinksResponse = Static<typeof LinksResponse>;

export const ErrorCode = Type.Enum([...ERROR_CODES], { type: 'string' });

export const ErrorBody = Type.Object(
  {
    error: Type.Object(
      {
        code: ErrorCode,
        message: Type.String({ description: 'What went wrong, naming the parameter, the rule and the value.' }),
        alternatives: Type.Optional(
          Type.Array(PlaceAlternative, {
            maxItems: 5,
            description:
              'Only on a destination search\'s 404, when the text was read only by a guess that did not win clearly ' +
              '("Casablanca Valley" as the city of Casablanca, "Yarra Valley" as Yara, Cuba): the places guessed, ' +
              'likeliest first. Offer them as "did you mean"; each is searched by its place_id.',
          }),
        ),
      },
      { additionalProperties: false },
    ),
  },
  { additionalProperties: false },
);
export type ErrorBody = Static<typeof ErrorBody>;
