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

/** Quotes a received value for a message, shortened so a huge input does not flood a log line. */
export function quoteReceived(value: unknown): string {
  let text: string;
  if (typeof value === 'string') text = JSON.stringify(value.length > 120 ? `${value.slice(0, 120)}…` : value);
  else if (value === undefined) text = 'nothing';
  else {
    const json = JSON.stringify(value);
    text = json === undefined ? String(value) : json.length > 120 ? `${json.slice(0, 120)}…` : json;
  }
  return text;
}

/** "limit must be an integer from 1 to 20 (got "50")" */
export function ruleMessage(name: string, schema: SchemaLike, received: unknown): string {
  return `${name} must be ${describeRule(schema)} (got ${quoteReceived(received)})`;
}
