// How HTTP carries an operation: its method and path, where the parts of its input travel, and
// the readers of a request's query and JSON body against the operation's schemas.
import type { FastifyRequest } from 'fastify';
import type { TObject } from 'typebox';
import { invalidParams } from '../errors.js';
import type { Operation } from '../operations/operations.js';
import { parseJson, parseTextFields } from '../validation/fields.js';
import { MALFORMED, type ParsedQuery } from './query-string.js';

/** What an operation gets from the request, before it is read against the schemas. */
export interface RawRequest {
  query: ParsedQuery;
  /** The path remainder of a wildcard route (the hotel id), decoded. */
  pathRest: string;
  /** The named path parameters (a key's id), decoded. */
  params: Record<string, string>;
  contentType: string | undefined;
  /** The body's Content-Encoding, when sent: bodies are read as sent, never inflated. */
  contentEncoding: string | undefined;
  body: Buffer | undefined;
}

export interface HttpOperation<Input extends object = any> {
  operation: Operation<Input>;
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  /** The path as the OpenAPI document writes it. */
  path: string;
  /** The path as the router matches it. */
  routePath: string;
  summary: string;
  description: string;
  query: TObject;
  pathParams?: TObject;
  body?: TObject;
  /** Failure statuses besides 401, 429 and 503, which every operation can answer. */
  failures: number[];
  /** Set for answers caches may keep (conditional-get.ts): their Cache-Control. */
  cacheControl?: string;
  /** The operation's input from where HTTP carries its parts. */
  read(raw: RawRequest): Input;
  /** Set for answers also given as CSV (Accept: text/csv): the CSV of an answer. */
  csv?(value: any): string;
  /** The tag of the OpenAPI document the operation is listed under. */
  tag: 'hotels' | 'links' | 'suggestions' | 'usage' | 'keys';
  /** Set for answers that name places (and so say their language in Content-Language). */
  namesPlaces?: boolean;
}

export const BODY_LIMIT_BYTES = 64 * 1024;

export function readQuery<T extends TObject>(schema: T, raw: RawRequest) {
  const malformed = raw.query[MALFORMED];
  if (malformed !== undefined) {
    throw invalidParams(`the query string has a malformed percent-escape in ${JSON.stringify(malformed)}`);
  }
  return parseTextFields(schema, raw.query, { noun: 'query parameter', rejectUnknown: true, applyDefaults: false });
}

/** The charset parameter of a Content-Type, lower case and unquoted, when there is one. */
const CHARSET = /;\s*charset\s*=\s*"?([^";\s]*)"?/i;
/** JSON is UTF-8 (RFC 8259): bytes that are not are refused, not read with U+FFFD in their place. */
const UTF8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false });

export function readJsonBody<T extends TObject>(schema: T, raw: RawRequest, example = '{"urls": ["https://…"]}') {
  const type = raw.contentType?.split(';')[0].trim().toLowerCase();
  if (type !== 'application/json') {
    throw invalidParams(`the body must be JSON sent with Content-Type: application/json (got ${raw.contentType ? JSON.stringify(raw.contentType) : 'no Content-Type'})`);
  }
  const charset = CHARSET.exec(raw.contentType ?? '')?.[1].toLowerCase();
  if (charset !== undefined && charset !== 'utf-8' && charset !== 'utf8') {
    throw invalidParams(`the body must be JSON in UTF-8 (got charset=${JSON.stringify(charset)}); send Content-Type: application/json`);
  }
  const encoding = raw.contentEncoding?.trim().toLowerCase();
  if (encoding !== undefined && encoding !== '' && encoding !== 'identity') {
    throw invalidParams(`the body must be sent uncompressed (got Content-Encoding: ${JSON.stringify(raw.contentEncoding)}); request bodies are not inflated`);
  }
  if (!raw.body || raw.body.length === 0) throw invalidParams(`the body is empty; send ${example}`);
  if (raw.body.length > BODY_LIMIT_BYTES) {
    throw invalidParams(`the body must be at most ${BODY_LIMIT_BYTES} bytes (got ${raw.body.length})`);
  }
  let text: string;
  try {
    text = UTF8.decode(raw.body);
  } catch {
    throw invalidParams('the body is not valid UTF-8; JSON must be sent in UTF-8');
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw invalidParams(`the body is not valid JSON (${(error as Error).message})`);
  }
  return parseJson(schema, value, 'body');
}


/** What a route gets from a Fastify request, to read against its schemas. */
export function rawRequestOf(request: FastifyRequest): RawRequest {
  const params = (request.params ?? {}) as Record<string, string>;
  return {
    query: (request.query ?? {}) as ParsedQuery,
    pathRest: params['*'] ?? '',
    params,
    contentType: request.headers['content-type'],
    contentEncoding: request.headers['content-encoding'],
    body: Buffer.isBuffer(request.body) ? request.body : undefined,
  };
}
