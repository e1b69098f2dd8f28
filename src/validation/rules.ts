// Turns JSON Schema fragments into the sentences our error messages use, so that a bound
// written once in a schema is both enforced and explained from that one place.
import type { TSchema } from 'typebox';

/** Keywords of ours that only shape messages; schemas published to others leave them out. */
export const MESSAGE_ONLY_KEYWORDS: ReadonlySet<string> = new Set(['x-rule']);

/** A schema fragment as plain JSON Schema (TypeBox schemas are exactly that). */
export type SchemaLike = TSchema & Record<string, unknown>;

function formatNumber(n: unknown): string {
  return typeof n === 'number' ? String(n) : '?';
}

function rangeText(schema: SchemaLike): string {
  const min = schema.minimum ?? schema.exclusiveMinimum;
  const max = schema.maximum ?? schema.exclusiveMaximum;
  if (min !== undefined && max !== undefined) return ` from ${formatNumber(min)} to ${formatNumber(max)}`;
  if (min !== undefined) return ` of at least ${formatNumber(min)}`;
  if (max !== undefined) return ` of at most ${formatNumber(max)}`;
  return '';
}

function lengthText(min: unknown, max: unknown, unit: string): string {
  if (typeof min === 'number' && typeof max === 'number') return `${min} to ${max} ${unit}`;
  if (typeof max === 'number') return `at most ${max} ${unit}`;
  if (typeof min === 'number') return `at least ${min} ${unit}`;
  return '';
}

/**
 * The rule a value must satisfy, as the words after "must be", for example
 * "an integer from 1 to 20" or "one of rating, stars, distance".
 * A schema can state its rule itself with `x-rule` when a pattern says it better than words.
 */
export function describeRule(schema: SchemaLike): string {
  if (typeof schema['x-rule'] === 'string') return schema['x-rule'];
  if (Array.isArray(schema.enum)) return `one of ${schema.enum.join(', ')}`;
  switch (schema.type) {
    case 'integer':
      return `an integer${rangeText(schema)}`;
    case 'number':
      return `a number${rangeText(schema)}`;
    case 'boolean':
      return 'true or false';
    case 'string': {
      // "at least 1 characters" says nothing but "not empty".
      if (schema.minLength === 1 && schema.maxLength === undefined) return 'a non-empty string';
      const length = lengthText(schema.minLength, schema.maxLength, 'characters');
      return length ? `a string of ${length}` : 'a string';
    }
    case 'array': {
      const count = lengthText(schema.minItems, schema.maxItems, 'items');
      const items = schema.items as SchemaLike | undefined;
      const text = count ? `an array of ${count}` : 'an array';
      return items ? `${text}, each ${describeRule(items)}` : text;
    }
    case 'object':
      return 'a JSON object';
    default:
      return 'valid';
  }
}

const QUOTE_CHARS = 120;

/**
 * Quotes a received value for a message, shortened so a huge input does not flood a log line.
 * The work is bounded by the quote's length, however large or deeply nested the value is.
 */
export function quoteReceived(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value.length > QUOTE_CHARS ? `${value.slice(0, QUOTE_CHARS)}…` : value);
  if (value === undefined) return 'nothing';
  const json = jsonPrefix(value, QUOTE_CHARS + 1);
  return json.length > QUOTE_CHARS ? `${json.slice(0, QUOTE_CHARS)}…` : json;
}

/** The first `limit` or more characters of a value's JSON text, without writing the rest. */
function jsonPrefix(value: unknown, limit: number): string {
  let out = '';
  // Every level of nesting writes at least one character, so recursion stops within `limit` levels.
  const write = (node: unknown): void => {
    if (out.length >= limit) return;
    if (typeof node === 'string') out += JSON.stringify(node.slice(0, limit));
    else if (node === null || typeof node !== 'object') out += JSON.stringify(node) ?? 'null';
    else if (Array.isArray(node)) {
      out += '[';
      for (let i = 0; i < node.length && out.length < limit; i++) {
        if (i > 0) out += ',';
        write(node[i]);
      }
      out += ']';
    } else {
      out += '{';
      let first = true;
      for (const key in node) {
        if (out.length >= limit) break;
        out += `${first ? '' : ','}${JSON.stringify(key.slice(0, limit))}:`;
        first = false;
        write((node as Record<string, unknown>)[key]);
      }
      out += '}';
    }
  };
  write(value);
  return out;
}

/** "limit must be an integer from 1 to 20 (got "50")" */
export function ruleMessage(name: string, schema: SchemaLike, received: unknown): string {
  return `${name} must be ${describeRule(schema)} (got ${quoteReceived(received)})`;
}
