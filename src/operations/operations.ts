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
import { searchHotels } from './search-hotels.js';
import type { CatalogServices } from './services.js';

export type OperationId = 'searchHotels' | 'findHotel' | 'getHotel' | 'createLinks' | 'suggest';

export interface Operation<Input extends { sub_id?: string } = any, Output extends object = any> {
  id: OperationId;
  /** Every input of a call as one object; sub_id, where taken, tags the links of the answer. */
  input: TObject;
  output: TObject;
  /** What a call with a valid input costs against the allowance (a refused input costs 1). */
  cost(input: Input): number;
  /** Set when calls are counted in groups instead: each group of this many calls, refused inputs included, costs 1. */
  callsPerRequest?: number;
  run(services: CatalogServices, credit: Credit, input: Input, signal?: AbortSignal): Promise<Output>;
}

export const SEARCH_HOTELS: Operation<SearchQuery, SearchResponse> = {
  id: 'searchHotels',
  input: SearchQuery,
  output: SearchResponse,
  cost: () => 1,
  run: (services, credit, input, signal) => searchHotels(services, credit, input, signal),
};

export const FIND_HOTEL: Operation<FindQuery, FindResponse> = {
  id: 'findHotel',
  input: FindQuery,
  output: FindResponse,
  cost: () => 1,
  run: (services, credit, input) => findHotel(services, credit, input),
};

export const GET_HOTEL: Operation<HotelRequest, Hotel> = {
  id: 'getHotel',
  input: HotelRequest,
  output: Hotel,
  cost: () => 1,
  run: (services, credit, input) => getHotel(services, credit, input.id),
};

export const CREATE_LINKS: Operation<LinksRequest, LinksResponse> = {
  id: 'createLinks',
  input: LinksRequest,
  output: LinksResponse,
  cost: (input) => linksCost(input),
  run: async (services, credit, input) => createLinks(services, credit, input),
};

export const SUGGEST: Operation<SuggestQuery, SuggestResponse> = {
  id: 'suggest',
  input: SuggestQuery,
  output: SuggestResponse,
  cost: () => 1,
  callsPerRequest: SUGGESTIONS_PER_REQUEST,
  run: (services, credit, input) => suggest(services, credit, input),
};
