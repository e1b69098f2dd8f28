// An operation's input as an HTTP request of this service: the inverse of each operation's
// `read`, made from the same table, for clients of the service such as the stdio MCP server.
import { HTTP_OPERATIONS } from './operations.js';
import type { Operation } from '../operations/operations.js';

export interface ClientRequest {
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  /** Path and query string, to append to the service's base address. */
  pathAndQuery: string;
  /** The JSON body, when the operation takes one. */
  body?: string;
}

const propertyNames = (schema: { properties: object } | undefined) => Object.keys(schema?.properties ?? {});

/** Query text of a value; numbers never in exponent form, which versions of the service before 2026-11-26 refused (1e-7). */
function queryText(value: unknown): string {
  if (typeof value !== 'number' || !/e/i.test(String(value))) return String(value);
  return value.toFixed(20).replace(/\.?0+$/, '');
}

export function clientRequest(operation: Operation, input: Record<string, unknown>): ClientRequest {
  const route = HTTP_OPERATIONS.find((r) => r.operation === operation);
  if (!route) throw new Error(`operation ${operation.id} is not served over HTTP`);
  let path = route.path;
  for (const name of propertyNames(route.pathParams)) path = path.replace(`{${name}}`, encodeURIComponent(String(input[name])));
  const query = new URLSearchParams();
  for (const name of propertyNames(route.query)) {
    if (input[name] !== undefined) query.set(name, queryText(input[name]));
  }
  const bodyFields = propertyNames(route.body);
  const body = route.body ? JSON.stringify(Object.fromEntries(bodyFields.map((name) => [name, input[name]]))) : undefined;
  const search = query.toString();
  return { method: route.method, pathAndQuery: search ? `${path}?${search}` : path, ...(body === undefined ? {} : { body }) };
}
