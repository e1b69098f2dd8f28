// The operations as HTTP carries them: method and path, where the parts of the input
// travel and how they are read. Routes and the OpenAPI document are both made from this table.
import { CREATE_LINKS, FIND_HOTEL, GET_HOTEL, GET_USAGE, SEARCH_HOTELS, SUGGEST } from '../operations/operations.js';
import { UsageQuery } from '../operations/usage-schemas.js';
import { usageCsv } from './usage-csv.js';
import { KEY_HTTP_OPERATIONS } from './key-http.js';
import {
  FindQuery,
  HotelPath,
  LinksBody,
  SearchQuery,
  SubIdQuery,
  SuggestQuery,
  type HotelRequest,
  type LinksRequest,
} from '../operations/schemas.js';
import { HOTEL_CACHE_CONTROL, SUGGESTIONS_CACHE_CONTROL } from './conditional-get.js';
import { readJsonBody, readQuery, type HttpOperation } from './http-operation.js';

export { BODY_LIMIT_BYTES, type HttpOperation, type RawRequest } from './http-operation.js';

const search: HttpOperation<SearchQuery> = {
  operation: SEARCH_HOTELS,
  method: 'GET',
  path: '/hotels/search',
  routePath: '/hotels/search',
  summary: 'Hotels in a place',
  description:
    'Send exactly one of: destination (a place name), place_id, or lat with lng. radius_km goes only with lat/lng; ' +
    'label only with lat/lng or place_id. A point search (lat/lng, or a place_id of a city or point) returns hotels ' +
    'within the radius, nearest first; a destination search returns the hotels of the place, best-rated first, ' +
    'except an airport or a sight, which is a point to a traveller: nearest first. ' +
    'A destination is read as typed first (words around a name, as in "hotels in Rome" or "Paris 75001", left out), ' +
    'then as a well-known place a typo or two away or whose name it begins ' +
    '(five letters or more: "san fran", "amster"), whichever is likelier, and last as a well-known place named at its ' +
    'end or start beside words that name nothing ("Hilton Chicago", "Disney World Orlando"); the answer\'s destination ' +
    'says what was understood, and alternatives lists the other places it may well mean. A large airport\'s ' +
    'three-letter code names the airport. A place with a centre but no hotels of its own (or a country without ' +
    'hotels of its own, around its middle) is answered with the hotels around it, at 10, 25, then 50 km, nearest first. A ' +
    'destination that matches no place is 404 (its message says what to send instead when the text names only where ' +
    'the traveller is, as in "hotels near me": their lat and lng; or only what hotel is wanted, as in "best hotels": a place); ' +
    'a place without matching hotels within reach is 200 with total 0.',
  query: SearchQuery,
  failures: [400, 404],
  tag: 'hotels',
  namesPlaces: true,
  read: (raw) => readQuery(SearchQuery, raw),
};

const find: HttpOperation<FindQuery> = {
  operation: FIND_HOTEL,
  method: 'GET',
  path: '/hotels/find',
  routePath: '/hotels/find',
  summary: 'One hotel by name',
  description:
    'Finds a hotel by its name as people say it: case, accents, punctuation, word order, filler words ("hotel", ' +
    '"the", "&"/"and"), common abbreviations (St/Saint, Intl/International) and one or two typos per word do not ' +
    'matter. Hotels called exactly what was typed come first. city favours hotels in that city without excluding ' +
    'others (one there holding every typed word, the city\'s name in its name aside, comes first); it is read with typos allowed when no place bears the name as typed, and the answer says how (city), or null when it names no city with ' +
    'hotels. hotel is the best match; matches holds up to five candidates, best first, the best included. A name ' +
    'that nothing matches closely enough is 404.',
  query: FindQuery,
  failures: [400, 404],
  tag: 'hotels',
  namesPlaces: true,
  read: (raw) => readQuery(FindQuery, raw),
};

const detail: HttpOperation<HotelRequest> = {
  operation: GET_HOTEL,
  method: 'GET',
  path: '/hotels/{id}',
  routePath: '/hotels/*',
  summary: 'One hotel in full',
  description:
    'The full record of a hotel, with up to five photos, main photo first. The id is a page path such as ' +
    'hotel/pt/lisbon/belvedere-international-resort; send its slashes as they are or percent-encoded (hotel%2Fpt%2F…): both give ' +
    'the same answer.',
  query: SubIdQuery,
  pathParams: HotelPath,
  failures: [400, 404],
  tag: 'hotels',
  namesPlaces: true,
  cacheControl: HOTEL_CACHE_CONTROL,
  read: (raw) => ({ id: raw.pathRest, ...readQuery(SubIdQuery, raw) }),
};

const links: HttpOperation<LinksRequest> = {
  operation: CREATE_LINKS,
  method: 'POST',
  path: '/links',
  routePath: '/links',
  summary: 'Make service URLs credit you',
  description:
    'Takes up to ten addresses on the main or travel site (with or without www.) and returns each with your ' +
    'affiliate code (aff) and, when sub_id is sent, utm_content; path, other query parameters and fragment are ' +
    'kept and the result is https. Entries come back in input order; an entry that cannot carry your code has ' +
    'url null and an error: invalid_url, not_service_url (another host, a look-alike, user info, an IP address, ' +
    'another scheme or port) or other_partner_code (the URL already credits someone else). A valid body costs one ' +
    'request per URL; a body over 64 KiB is refused.',
  query: SubIdQuery,
  body: LinksBody,
  failures: [400],
  tag: 'links',
  read: (raw) => {
    const query = readQuery(SubIdQuery, raw);
    return { ...readJsonBody(LinksBody, raw), ...query };
  },
};

const suggestions: HttpOperation<SuggestQuery> = {
  operation: SUGGEST,
  method: 'GET',
  path: '/suggest',
  routePath: '/suggest',
  summary: 'Places and hotels as people type',
  description:
    'For a search box: call it as people type. Answers places (with their place_id, to search) whose names begin ' +
    'with what was typed, likeliest first, and hotels (with their id and url) whose names hold the typed words in ' +
    'order, names beginning so first, then best-rated. The last word may be unfinished ("Lisb", "belvedere int"); a ' +
    'typo is forgiven from four letters, never in the first letter. only=places or only=hotels skips the other ' +
    'list. Nothing matching is 200 with empty lists. ' +
    'Suggestions are counted in tens: the first call of every ten in your allowance window costs 1 request, the ' +
    'nine after it nothing, so a search box costs about one request per visitor; a call is refused (429) when the ' +
    'allowance has nothing left, as any other. Answers may be kept 5 minutes (ETag, Cache-Control: private), so a ' +
    'browser asks once for a text typed again.',
  query: SuggestQuery,
  failures: [400],
  tag: 'suggestions',
  namesPlaces: true,
  cacheControl: SUGGESTIONS_CACHE_CONTROL,
  read: (raw) => readQuery(SuggestQuery, raw),
};

const usage: HttpOperation<UsageQuery & { sub_id?: string }> = {
  operation: GET_USAGE,
  method: 'GET',
  path: '/usage',
  routePath: '/usage',
  summary: 'What your calls did',
  description:
    'What the service did for your key, by UTC day, operation and sub_id: calls answered, calls refused for the ' +
    'allowance (429), calls refused for their input (400, 404), hotels shown and links made. Compare placements by ' +
    'grouping by sub_id. from and to are days (YYYY-MM-DD, UTC), at most 93 days apart; by default the last 7 days. ' +
    'group_by takes any of day, operation and sub_id; each row carries exactly the fields it is grouped by. ' +
    'Accept: text/csv answers the rows as CSV. Needs a secret key (a publishable key or none is 401). The report ' +
    'costs nothing against your allowance and shows it as it stands. Calls are counted as they are answered and ' +
    'written every few seconds: a call answered by another instance of the service shows within about five seconds. ' +
    'Clicks and bookings are counted by the booking site, not here.',
  query: UsageQuery,
  failures: [400],
  tag: 'usage',
  cacheControl: 'private, no-cache',
  read: (raw) => readQuery(UsageQuery, raw),
  csv: usageCsv,
};

export const HTTP_OPERATIONS: readonly HttpOperation[] = [search, find, detail, links, suggestions, usage, ...KEY_HTTP_OPERATIONS];
