// The operations, whatever carries them: the schema of their whole input and of their
// answer, what a call costs, and what it does. HTTP routes and MCP tools are both made from
// this table, so a tool takes exactly what its operation takes and costs what it costs.
import type { TObject } from 'typebox';
import type { Credit } from '../links/hotel-link.js';
import { createLinks, linksCost } from './create-links.js';
import { findHotel } from './find-hotel.js';
import { getHotel } from './get-hotel.js';
import {
  FindQuery,
  FindResponse,
  Hotel,
  HotelRequest,
  LinksRequest,
  LinksResponse,
  SearchQuery,
  SearchResponse,
  SuggestQuery,
  SuggestResponse,
} from './schemas.js';
import { suggest, SUGGESTIONS_PER_REQUEST } from './suggest.js';
import { getUsage } from './get-usage.js';
import { UsageQuery, UsageResponse } from './usage-schemas.js';
import type { UsageOperation } from '../usage/usage-counts.js';
import type { Admission } from '../access/gate.js';
import type { Caller } from '../keys/caller.js';
import { searchHotels } from './search-hotels.js';
import type { CatalogServices } from './services.js';

export type OperationId = 'searchHotels' | 'findHotel' | 'getHotel' | 'createLinks' | 'suggest' | 'getUsage' | KeyOperationId;
/** An affiliate's own keys (key-operations.ts). */
export type KeyOperationId = 'listKeys' | 'createKey' | 'updateKey' | 'revokeKey' | 'rollKey';

/** What a call knows besides its input: who calls, their allowance after it, and its cancellation. */
export interface CallContext {
  /** The caller's key; null for a keyless call. */
  keyId: string | null;
  /** Who calls (their affiliate code, tier, key); absent where a caller is not known. */
  caller?: Caller;
  /** The client's address, for the audit of key changes. */
  address?: string;
  admission: Admission;
  signal?: AbortSignal;
}

export interface Operation<Input extends object = any, Output extends object = any> {
  id: OperationId;
  /** Every input of a call as one object; sub_id, where taken, tags the links of the answer. */
  input: TObject;
  output: TObject;
  /** What a call with a valid input costs against the allowance (a refused input costs 1). */
  cost(input: Input): number;
  /** Set when calls are counted in groups instead: each group of this many calls, refused inputs included, costs 1. */
  callsPerRequest?: number;
  /** Set for a call that costs nothing and is never refused for the allowance (it reads it). */
  free?: boolean;
  /** Set for a call only a secret key may make: the message of its refusal otherwise. */
  secretKeyOnly?: string;
  /** How usage reports name the operation and count its answers; unset, its calls are not counted. */
  usage?: { name: UsageOperation; tally(output: Output): { hotels: number; links: number } };
  run(services: CatalogServices, credit: Credit, input: Input, context: CallContext): Promise<Output>;
}

export const SEARCH_HOTELS: Operation<SearchQuery, SearchResponse> = {
  id: 'searchHotels',
  input: SearchQuery,
  output: SearchResponse,
  cost: () => 1,
  usage: { name: 'search_hotels', tally: (r) => ({ hotels: r.hotels.length, links: 0 }) },
  run: (services, credit, input, context) => searchHotels(services, credit, input, context.signal),
};

export const FIND_HOTEL: Operation<FindQuery, FindResponse> = {
  id: 'findHotel',
  input: FindQuery,
  output: FindResponse,
  cost: () => 1,
  usage: { name: 'find_hotel', tally: (r) => ({ hotels: r.matches.length, links: 0 }) },
  run: (services, credit, input) => findHotel(services, credit, input),
};

export const GET_HOTEL: Operation<HotelRequest, Hotel> = {
  id: 'getHotel',
  input: HotelRequest,
  output: Hotel,
  cost: () => 1,
  usage: { name: 'get_hotel', tally: () => ({ hotels: 1, links: 0 }) },
  run: (services, credit, input) => getHotel(services, credit, input.id),
};

export const CREATE_LINKS: Operation<LinksRequest, LinksResponse> = {
  id: 'createLinks',
  input: LinksRequest,
  output: LinksResponse,
  cost: (input) => linksCost(input),
  usage: { name: 'create_links', tally: (r) => ({ hotels: 0, links: r.links.filter((l) => l.url !== null).length }) },
  run: async (services, credit, input) => createLinks(services, credit, input),
};

export const SUGGEST: Operation<SuggestQuery, SuggestResponse> = {
  id: 'suggest',
  input: SuggestQuery,
  output: SuggestResponse,
  cost: () => 1,
  callsPerRequest: SUGGESTIONS_PER_REQUEST,
  usage: { name: 'suggest', tally: (r) => ({ hotels: r.hotels.length, links: 0 }) },
  run: (services, credit, input) => suggest(services, credit, input),
};

export const GET_USAGE: Operation<UsageQuery & { sub_id?: string }, UsageResponse> = {
  id: 'getUsage',
  input: UsageQuery,
  output: UsageResponse,
  cost: () => 0,
  free: true,
  secretKeyOnly:
    'a usage report is for a secret key (live_…), sent as Authorization: Bearer; a publishable key, or no key, has none to read. Your widget\'s calls are in the report of your secret key, or in the console (/console)',
  run: (services, _credit, input, context) => getUsage(services, input, context),
};
