// The OpenAPI document's info.description: the guide a reference page (/docs) shows above the
// operations. Markdown, in sections a developer reads in order: a first call, what links earn,
// the display rules, keys and allowances, the limit headers, usage reports, errors, HTTP caching,
// browsers, MCP.
import type { OpenApiSettings } from './openapi.js';
import { SUGGESTIONS_PER_REQUEST } from '../operations/suggest.js';
import { DEFAULT_VISITOR_LIMIT } from '../keys/key-store.js';
import { CURRENT_WIDGET } from './widget-files.js';

/** A count as a reader reads it: 20,000, not 20000. */
const count = (n: number) => n.toLocaleString('en-US');

export function apiDescription(baseUrl: string, s: OpenApiSettings): string {
  // info.summary already says what the API is; reference pages show both.
  return [
    '## First calls',
    'No key is needed to try it: calls without one are counted per IP address.',
    [
      '```sh',
      `curl '${baseUrl}/hotels/search?destination=Lisbon&limit=3'`,
      `curl '${baseUrl}/hotels/find?name=Belvedere%20International%20Resort&city=Lisbon'`,
      `curl -H 'Authorization: Bearer live_…' '${baseUrl}/hotels/hotel/pt/lisbon/belvedere-international-resort?sub_id=homepage'`,
      `curl '${baseUrl}/suggest?q=Lisb'`,
      '```',
    ].join('\n'),

    '## Links and commission',
    `With a key, every hotel link carries your affiliate code (query parameter \`${s.affiliateParam}\`) and your ` +
      `placement tag \`sub_id\` as \`${s.subIdParam}\`. Bookings within 90 days of a click (last click wins) earn you ` +
      'up to 5%. No operation takes dates; prices, rooms and reviews are on the hotel page the link opens. ' +
      '`POST /links` puts your code on any address of the site you already have.',

    '## Language and currency',
    'Send the traveller\'s `lang` (a BCP 47 tag: `de`, `pt-BR`, `zh-Hant`) and `currency` (ISO 4217: `EUR`, `BRL`) ' +
      `with any operation. Every link then opens the hotel page in both (query parameters \`${s.langParam}\` and ` +
      `\`${s.currencyParam}\`; POST /links replaces an address's own only when the call sends them), and place names in the ` +
      'answer (the destination, suggestions, alternatives, a hotel\'s city) are given in that language where the ' +
      'service has them: countries always, regions and cities where its data names them, else in English, never in ' +
      'another language. Without `lang`, a call from a browser is answered in the best language of its ' +
      '`Accept-Language`; `Content-Language` says which language the names are in, and answers carry ' +
      '`Vary: Accept-Language`. A tag or code that is not one is 400 with a close valid value when there is one ' +
      '("EURO": EUR). Error messages are always in English.',
    [
      '```sh',
      `curl '${baseUrl}/hotels/search?destination=Lisbon&limit=3&lang=de&currency=EUR'`,
      '```',
    ].join('\n'),

    '## Display rules',
    'Link to photos, never copy or re-host them; search only when a person asks; wherever hotels appear, credit the ' +
      `service with a linked text "Book on ${s.serviceName}".`,

    '## Keys and allowances',
    [
      '| caller | allowance | window resets |',
      '|---|---|---|',
      `| no key (per IP address; IPv6 per /64) | ${count(s.keylessPerHour)} calls an hour | on the hour, UTC |`,
      `| standard key | ${count(s.standardPerDay)} calls a day | 00:00 UTC |`,
      `| partner key | ${count(s.partnerPerDay)} calls a day | 00:00 UTC |`,
      `| publishable key (a web page's) | each visitor address ${DEFAULT_VISITOR_LIMIT} calls an hour (set per key), all visitors together the day of the key's tier | on the hour; 00:00 UTC |`,
    ].join('\n'),
    `Apply for a key at ${s.signupUrl}. Send it as \`Authorization: Bearer live_…\`. Every call costs 1, errors ` +
      'included, except `POST /links` with a valid body, which costs one per URL, and `GET /suggest`, which is ' +
      'counted in tens: the first suggestion of every ten in your window costs 1 and the nine after it nothing (a ' +
      'search box calls it at every keystroke; at 1 each, a standard key\'s day would last a few hundred visitors), ' +
      'though a suggestion is still refused with 429 once nothing remains. A call that does not fit what ' +
      'remains is refused whole with 429 and costs nothing. An unknown, revoked or malformed key is refused with ' +
      '401; it never falls back to keyless, which would lose your commission. Such a call counts against your ' +
      'address, as a keyless call, while that allowance has room; once it has none, the key is still refused with ' +
      '401 (not 429), at no cost.',

    '## Limit headers',
    'Every answer of the operations carries the allowance it counted against, twice:',
    [
      '- `X-RateLimit-Limit`, `X-RateLimit-Remaining`, `X-RateLimit-Reset` (Unix time in seconds);',
      '- the IETF fields of draft-ietf-httpapi-ratelimit-headers, which generic clients and gateways read: ' +
        `\`RateLimit-Policy: "standard";q=${s.standardPerDay};w=86400\` (the allowance: its name, quota and window in seconds) and ` +
        `\`RateLimit: "standard";r=${s.standardPerDay - 2};t=3600\` (what remains, and the seconds until it resets).`,
    ].join('\n'),
    'A call with a publishable key counts against two allowances, the visitor\'s hour and the key\'s day: the ' +
      '`X-RateLimit-*` fields describe the one with less left (or the one that refused the call), and the IETF fields ' +
      `list both, that one first: \`RateLimit-Policy: "visitor";q=${DEFAULT_VISITOR_LIMIT};w=3600, "standard";q=${s.standardPerDay};w=86400\`. ` +
      'A 429 and a 503 also carry `Retry-After` in seconds.',

    '## Usage reports: compare your placements',
    '`GET /usage` (and the MCP tool get_usage) tells a secret key what the service did for every key of its ' +
      'affiliate code (its widget\'s publishable keys included), by UTC day, key, operation and `sub_id`: calls answered, calls refused for the allowance (429), calls refused for their ' +
      'input, hotels shown and links made. Tag each placement with its own `sub_id` and compare them with ' +
      '`group_by=sub_id`; `Accept: text/csv` gives the rows as a spreadsheet. The report costs nothing and carries ' +
      'the allowance as it stands. Clicks and bookings happen on the booking site, which counts them in your ' +
      'affiliate account there.',
    [
      '```sh',
      `curl -H 'Authorization: Bearer live_…' '${baseUrl}/usage?from=2026-11-01&to=2026-11-26&group_by=sub_id'`,
      '```',
    ].join('\n'),

    '## Errors',
    'Errors have the body `{"error": {"code": "…", "message": "…"}}`; the message names the parameter, the rule and ' +
      'the value received.',
    [
      '| status | code | when |',
      '|---|---|---|',
      '| 400 | `invalid_params` | a parameter or the body breaks a rule; unknown or repeated query parameters, empty values, malformed numbers |',
      '| 401 | `unauthorized` | the key is unknown, revoked or malformed, a publishable key comes from an origin it does not list (or none), or a secret key is sent in a URL (with `WWW-Authenticate`) |',
      '| 404 | `not_found` | nothing matches, or no such path |',
      '| 405 | `invalid_params` | the path does not take this method (with `Allow`); costs nothing |',
      '| 429 | `rate_limited` | the call does not fit your allowance; it was not counted |',
      '| 500 | `upstream_unavailable` | an unexpected failure; the message gives a request id to quote |',
      '| 503 | `upstream_unavailable` | a dependency (catalog, keys, places provider) is down or too slow |',
    ].join('\n'),
    'A request that cannot be read as HTTP (a request line and headers over 16 KiB: 431; a request that does not ' +
      'arrive in time: 408; other malformed bytes: 400) gets the same error body and `X-Request-Id`, costs nothing ' +
      'and closes its connection. Answers may gain fields: ignore the ones you do not know.',

    '## Caching, compression, HEAD',
    'A hotel (`GET /hotels/{id}`), suggestions (`GET /suggest`) and this document carry `ETag` and `Cache-Control` ' +
      '(a hotel and suggestions: `private, max-age=300`, since their links carry your code; this document: ' +
      '`public, max-age=300`). Send the tag back in `If-None-Match` and an unchanged answer is 304 without a body; ' +
      'a 304 of a hotel is still a call and costs 1. Searches are not cached. Answers over 1 KB are compressed (gzip, brotli or deflate) when `Accept-Encoding` asks. `HEAD` ' +
      'is answered as `GET` without the body, and costs what the `GET` costs.',

    '## Calling from a browser: publishable keys and the widget',
    'Never put a secret key (`live_…`) in a page, an app bundle or anything a visitor can read: anyone could copy ' +
      'it and spend your allowance under your code. A page uses a **publishable key** (`live_pk_…`), made for the ' +
      'sites it goes on: make it with your secret key (`POST /keys`) or in the console at /console. It is accepted only from those origins (the `Origin` header, else the `Referer`\'s); ' +
      'each visitor address has its own hourly allowance under it, and all visitors together spend the key\'s day. ' +
      'Links carry your code as with a secret key. MCP refuses it. Send it as the `key` query parameter: a GET ' +
      'with no custom header is a simple CORS request, so a search box pays no preflight per keystroke (a ' +
      '`Bearer` header works too, at the cost of a preflight per new URL; preflights may be kept a day, ' +
      '`Access-Control-Max-Age: 86400`, though browsers keep them less).',
    '**What a stolen publishable key can do.** Outside a browser an `Origin` can be forged, so a copied key can ' +
      'be used from a script. The most it spends is a visitor\'s hourly allowance per address it calls from, ' +
      'against your key\'s day, and every link it makes still credits you. A revocation (`DELETE /keys/{id}`, or ' +
      'the console) takes effect from the next request, on every instance.',
    `**The widget** puts all of this in one tag: load ${baseUrl}/widget/${CURRENT_WIDGET} as a module script` +
      (s.widgetIntegrity ? ` (integrity \`${s.widgetIntegrity}\`)` : '') +
      ' and place `<stays-search key="live_pk_…" sub-id="sidebar" destination="Lisbon" limit="6">` where the ' +
      `search box goes; ${baseUrl}/widget builds the snippet. A page with a Content-Security-Policy allows \`script-src\` and ` +
      '`connect-src` of this service and `img-src` of the photos.',
    `Calls without a key work from a browser too (CORS is open), with the address's ${count(s.keylessPerHour)} calls an ` +
      'hour, and their links carry **no** affiliate code: nobody earns from them. /suggest is counted in tens, ' +
      `so the keyless hour is ${count(s.keylessPerHour * SUGGESTIONS_PER_REQUEST)} suggestions for each visitor's address.`,

    '## MCP for AI agents',
    `The same operations are MCP tools at ${baseUrl}/mcp (Streamable HTTP, also under /v1): search_hotels, ` +
      'find_hotel, get_hotel, create_links, suggest, get_usage and list_keys take the parameters of their operations as one object and answer ' +
      'their response as structured content, with a short text crediting the site. Send the same Authorization ' +
      'header: a bad key is 401 (a publishable key too: MCP is not a browser), no key is keyless. A tool call costs what its operation costs, from the same ' +
      'allowance; a refused call is a tool error (isError) saying when to retry. Agents that start tools as local ' +
      'processes run `hotel-affiliate mcp`, which calls this API with their key.',
  ].join('\n\n');
}
