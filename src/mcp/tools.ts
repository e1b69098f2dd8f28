// The MCP tools: one per operation, taking the operation's own input schema and answering its
// own output schema, with descriptions written for an AI agent and a short text of the answer
// that credits the booking site.
import type { Tool } from '@modelcontextprotocol/server';
import type { TSchema } from 'typebox';
import { CREATE_LINKS, FIND_HOTEL, GET_HOTEL, GET_USAGE, SEARCH_HOTELS, SUGGEST, type Operation } from '../operations/operations.js';
import type { UsageResponse } from '../operations/usage-schemas.js';
import type { KeyList } from '../operations/key-schemas.js';
import { LIST_KEYS } from '../operations/key-operations.js';
import type { FindResponse, Hotel, HotelCard, LinksResponse, SearchResponse, SuggestResponse } from '../operations/schemas.js';
import { MESSAGE_ONLY_KEYWORDS } from '../validation/rules.js';

export interface ToolDefinition<Output extends object = any> {
  name: string;
  title: string;
  description: string;
  operation: Operation<any, Output>;
  /** A few lines for the agent to read or show; the structured answer has everything. */
  summarize(output: Output): string;
}

const rating = (card: Pick<HotelCard, 'stars' | 'rating' | 'review_count'>) =>
  [
    card.stars === null ? null : `${card.stars}★`,
    card.rating === null ? null : `rated ${card.rating}/10` + (card.review_count ? ` by ${card.review_count} guests` : ''),
  ]
    .filter(Boolean)
    .join(', ');

function cardText(card: HotelCard): string {
  const facts = [rating(card), card.distance_km === null ? null : `${card.distance_km} km away`].filter(Boolean).join(', ');
  return `${card.name}${facts ? ` (${facts})` : ''}, ${card.address}: ${card.url}`;
}

/** How an agent passes its user's language and currency: said in every tool that names places or makes links. */
const LOCALE_ADVICE =
  ' Send lang (your user\'s language as a BCP 47 tag: de, pt-BR, ja) and currency (ISO 4217: EUR, BRL) when you know ' +
  'them: place names come back in that language where the service has them, and every url opens the hotel page in ' +
  'that language and currency. Error messages stay in English.';

const numbered = (cards: HotelCard[], from = 1) => cards.map((card, i) => `${from + i}. ${cardText(card)}`);

const SEARCH: ToolDefinition<SearchResponse> = {
  name: 'search_hotels',
  title: 'Search hotels',
  description:
    'List hotels in a place or around a point. Send exactly one of: destination (a place as a person says it: city, ' +
    'region, country, airport code or name, landmark, island, lake, coast, valley, park or World Heritage site), ' +
    'place_id, or lat with lng (radius_km 1-50, default 5). ' +
    'Optional: min_stars, min_rating (0-10), sort (rating, stars or distance), limit (1-20, default 10), sub_id to tag ' +
    'your links. Answers the place understood, how many hotels match, and hotel cards whose url opens the hotel page ' +
    'credited to you: give people those urls unchanged. When the destination may mean several places, alternatives ' +
    'lists the others with their place_id: ask the person which one they meant. For more hotels than limit, send ' +
    'next_cursor back as cursor with the same arguments. There are no dates or prices here; ' +
    'the hotel page has them. Costs 1 request of your allowance.' + LOCALE_ADVICE,
  operation: SEARCH_HOTELS,
  summarize: (r) =>
    [
      r.total === 0
        ? `No hotels match in ${r.destination}.`
        : [
            `${r.total} hotels in ${r.destination}` + (r.hotels.length < r.total ? `, showing ${r.hotels.length}:` : ':'),
            ...numbered(r.hotels),
          ].join('\n'),
      ...(r.next_cursor ? [`More hotels follow: call search_hotels again with the same arguments and cursor "${r.next_cursor}".`] : []),
      // An agent can ask its user which place was meant.
      ...(r.alternatives?.length
        ? [`"${r.destination}" was read as the likeliest place; it may also mean: ${r.alternatives.map((a) => `${a.label} (place_id ${a.place_id})`).join('; ')}.`]
        : []),
    ].join('\n'),
};

const FIND: ToolDefinition<FindResponse> = {
  name: 'find_hotel',
  title: 'Find a hotel by name',
  description:
    'Find one hotel by its name as a person says it: case, accents, word order, "hotel"/"the" and small typos do not ' +
    'matter, and hotels called exactly what was typed come first. Add city to favour hotels in that city (typos ' +
    'allowed; the answer says how the city was read, or null if it names no city). Answers the best match and up to ' +
    'five candidates, best first; ' +
    'if the best is not what was meant, the candidates or a city usually settle it. Not found is an error. Costs 1 ' +
    'request of your allowance.' + LOCALE_ADVICE,
  operation: FIND_HOTEL,
  summarize: (r) =>
    [
      ...(r.city === null ? ['The city given names no city with hotels here, so no city was favoured.'] : []),
      ...(typeof r.city === 'string' ? [`City read as ${r.city}.`] : []),
      `Best match: ${cardText(r.hotel)}`,
      ...(r.matches.length > 1 ? ['Other candidates:', ...numbered(r.matches.slice(1), 2)] : []),
    ].join('\n'),
};

const GET: ToolDefinition<Hotel> = {
  name: 'get_hotel',
  title: 'Hotel details',
  description:
    'The full record of one hotel, by the id a search_hotels or find_hotel card gave: description, amenities, up to ' +
    'five photo URLs (link to them, never copy them) and its url credited to you. Costs 1 request of your allowance.' + LOCALE_ADVICE,
  operation: GET_HOTEL,
  summarize: (h) => {
    const facts = rating(h);
    return `${h.name}${facts ? ` (${facts})` : ''}, ${h.address}: ${h.url}\n${h.description}`;
  },
};

const LINKS: ToolDefinition<LinksResponse> = {
  name: 'create_links',
  title: 'Credit links to you',
  description:
    'Make up to ten addresses on the booking site (hotel pages, search pages, the home page) carry your affiliate ' +
    'code, and sub_id when given. Entries come back in the order sent; an address that cannot carry your code has ' +
    'url null and an error (invalid_url, not_service_url or other_partner_code). Costs 1 request per URL.' + LOCALE_ADVICE,
  operation: CREATE_LINKS,
  summarize: (r) =>
    r.links.map((l) => (l.url ? `${l.input} -> ${l.url}` : `${l.input}: not linked, ${l.error?.code}: ${l.error?.message}`)).join('\n'),
};

const SUGGESTIONS: ToolDefinition<SuggestResponse> = {
  name: 'suggest',
  title: 'Complete a place or hotel name',
  description:
    'Complete a partly typed or misspelled place or hotel name ("Lisb", "new yo", "belvedere int"): places whose names ' +
    'begin with it, likeliest first, each with a place_id to pass to search_hotels, and hotels whose names hold the ' +
    'words in order, each with an id for get_hotel and a url credited to you. Use it when unsure how a place or ' +
    'hotel is called; only ("places" or "hotels") skips the other list. Ten calls cost 1 request of your allowance.' + LOCALE_ADVICE,
  operation: SUGGEST,
  summarize: (r) =>
    [
      r.places.length === 0 ? 'No places begin so.' : ['Places:', ...r.places.map((p, i) => `${i + 1}. ${p.label} (${p.kind}, ${p.hotel_count} hotels, place_id ${p.place_id})`)].join('\n'),
      r.hotels.length === 0 ? 'No hotel names begin so.' : ['Hotels:', ...r.hotels.map((h, i) => `${i + 1}. ${h.name}, ${h.city} (id ${h.id}): ${h.url}`)].join('\n'),
    ].join('\n'),
};

const countsText = (c: UsageResponse['totals']) =>
  `${c.calls} calls answered, ${c.refused} refused for the allowance, ${c.failed} refused for their input, ${c.hotels_shown} hotels shown, ${c.links} links made`;

const USAGE: ToolDefinition<UsageResponse> = {
  name: 'get_usage',
  title: 'What your calls did',
  description:
    'Read what the service did for your key, by UTC day, operation and sub_id: calls answered, refused for the ' +
    'allowance, refused for their input, hotels shown and links made; group_by sub_id compares placements. from and ' +
    'to are days written YYYY-MM-DD (at most 93 days apart; by default the last 7); group_by takes day, key, operation and ' +
    'sub_id, comma-separated (default day). Covers every key of your affiliate code, your widget\'s publishable keys included. Needs a secret key. Costs nothing, and answers your allowance as it stands. ' +
    'Clicks and bookings are counted by the booking site, not here.',
  operation: GET_USAGE,
  summarize: (r) =>
    [
      `From ${r.from} to ${r.to}: ${countsText(r.totals)}.`,
      ...(r.rows.length === 0
        ? ['No calls in those days.']
        : [`By ${r.group_by.join(', ')}:`, ...r.rows.slice(0, 30).map((row) => `- ${r.group_by.map((g) => (g === 'key' ? `key ${row.key_id}${row.key_label ? ` (${row.key_label})` : ''}` : `${g} ${row[g] ?? 'none'}`)).join(', ')}: ${countsText(row)}`)]),
      ...(r.rows.length > 30 ? [`…and ${r.rows.length - 30} more rows in the structured answer.`] : []),
      `Allowance: ${r.allowance.remaining} of ${r.allowance.limit} left (${r.allowance.used_percent}% used).`,
    ].join('\n'),
};

const KEYS: ToolDefinition<KeyList> = {
  name: 'list_keys',
  title: 'Your keys',
  description:
    'List the keys of your affiliate code that work: your secret keys (only a hint of their last characters) and ' +
    'the publishable keys of your web pages with their origins, each with the last day it made a call and its calls ' +
    'today. Read only: keys are made, changed, revoked and rolled over HTTP (/keys) or in the console (/console), ' +
    'not by an agent. Needs a secret key. Costs nothing.',
  operation: LIST_KEYS,
  summarize: (r) =>
    [
      `Affiliate ${r.affiliate_code}: ${r.keys.length} key${r.keys.length === 1 ? '' : 's'} (at most ${r.caps.keys}).`,
      ...r.keys.map(
        (k) =>
          `- ${k.id} ${k.kind}${k.label ? ` "${k.label}"` : ''}, ${k.tier}` +
          (k.origins ? `, on ${k.origins.join(' ')}` : '') +
          `, ${k.calls_today} calls today, last used ${k.last_used ?? 'never'}` +
          (k.expires ? `, works until ${k.expires} (rolled)` : ''),
      ),
    ].join('\n'),
};

export const TOOLS: readonly ToolDefinition[] = [SEARCH, FIND, GET, LINKS, SUGGESTIONS, USAGE, KEYS];

/**
 * A schema as published: plain JSON without our message-only keywords. An output schema is
 * published open (no `additionalProperties: false`), as in the OpenAPI document: a client that
 * checks results against it must not fail the day an answer gains a field.
 */
function publishedSchema(schema: TSchema, open = false): Tool['inputSchema'] {
  return JSON.parse(
    JSON.stringify(schema, (key, value) =>
      MESSAGE_ONLY_KEYWORDS.has(key) || (open && key === 'additionalProperties' && value === false) ? undefined : value,
    ),
  );
}

/** The tools as tools/list gives them. */
export const TOOL_LIST: Tool[] = TOOLS.map((tool) => ({
  name: tool.name,
  title: tool.title,
  description: tool.description,
  inputSchema: publishedSchema(tool.operation.input),
  outputSchema: publishedSchema(tool.operation.output, true),
  annotations: { title: tool.title, readOnlyHint: true, idempotentHint: true, openWorldHint: false },
}));
