// Strict parsing of inputs against their schema: text fields (query parameters, environment
// variables) are coerced by the schema's type with no leniency, JSON values are checked as
// they are, and every refusal names the field, the rule and the value received.
import type { Static, TObject, TSchema } from 'typebox';
import { Compile } from 'typebox/compile';
import { invalidParams } from '../errors.js';
import { describeRule, quoteReceived, ruleMessage, type SchemaLike } from './rules.js';

const compiled = new WeakMap<object, ReturnType<typeof Compile>>();

function validator(schema: TSchema) {
  let v = compiled.get(schema);
  if (!v) {
    v = Compile(schema);
    compiled.set(schema, v);
  }
  return v;
}

export const check: (schema: TSchema, value: unknown) => boolean = (schema, value) => validator(schema).Check(value);

const INTEGER = /^[+-]?\d{1,16}$/;
/** A decimal number, in exponent form too ("1e-05" is how Python writes 0.00001 in a query). */
const DECIMAL = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/;
const INVALID = Symbol('invalid');

/** Text to a value of the schema's type; `1e999` (not finite), `10abc`, `NaN`, ` 5`, `0x10` are all refused. */
function coerceText(schema: SchemaLike, text: string): unknown {
  switch (schema.type) {
    case 'integer':
      return INTEGER.test(text) ? Number(text) : INVALID;
    case 'number': {
      if (!DECIMAL.test(text)) return INVALID;
      const n = Number(text);
      return Number.isFinite(n) ? n : INVALID;
    }
    case 'boolean':
      return text === 'true' ? true : text === 'false' ? false : INVALID;
    default:
      return text;
  }
}

export type TextFields = Record<string, string | string[] | undefined>;

export interface TextFieldOptions {
  /** What a field is called in messages: "query parameter", "environment variable". */
  noun: string;
  /** Refuse fields the schema does not name (query strings); environments hold many others. */
  rejectUnknown: boolean;
  /**
   * Fill missing fields with their schema default (configuration). Requests leave them out,
   * so an operation can tell "not sent" from "sent the default value".
   */
  applyDefaults: boolean;
}

/**
 * Parses text fields against an object schema: each value must appear once, be non-empty and
 * satisfy its property schema.
 * Throws `invalid_params` naming the first offending field.
 */
export function parseTextFields<T extends TObject>(schema: T, raw: TextFields, options: TextFieldOptions): Static<T> {
  const properties = schema.properties as Record<string, SchemaLike>;
  const result: Record<string, unknown> = {};
  if (options.rejectUnknown) {
    for (const name of Object.keys(raw)) {
      if (!Object.hasOwn(properties, name)) {
        throw invalidParams(
          `unknown ${options.noun} ${quoteReceived(name)} (allowed: ${Object.keys(properties).join(', ')})`,
        );
      }
    }
  }
  for (const [name, propertySchema] of Object.entries(properties)) {
    const value = raw[name];
    if (value === undefined) {
      if (options.applyDefaults && propertySchema.default !== undefined) result[name] = propertySchema.default;
      continue;
    }
    if (Array.isArray(value)) {
      throw invalidParams(`${name} must be given once (got ${value.length} values: ${quoteReceived(value)})`);
    }
    if (value === '') {
      // Leaving a required field out is refused too, so the advice is only to give a value.
      const advice = ((schema.required ?? []) as string[]).includes(name) ? 'give' : 'leave it out or give';
      throw invalidParams(`${name} must not be empty; ${advice} ${describeRule(propertySchema)}`);
    }
    const coerced = coerceText(propertySchema, value);
    if (coerced === INVALID || !check(propertySchema, coerced)) {
      throw invalidParams(ruleMessage(name, propertySchema, value));
    }
    result[name] = coerced;
  }
  for (const name of (schema.required ?? []) as string[]) {
    if (result[name] === undefined) {
      throw invalidParams(`${name} is required; it must be ${describeRule(properties[name])}`);
    }
  }
  return result as Static<T>;
}

/** Follows a JSON pointer such as `#/properties/urls/items` inside a schema. */
function schemaAt(root: SchemaLike, pointer: string): SchemaLike {
  let node: unknown = root;
  for (const part of pointer.replace(/^#\/?/, '').split('/').filter(Boolean)) {
    node = (node as Record<string, unknown>)[part.replace(/~1/g, '/').replace(/~0/g, '~')];
  }
  return (node ?? root) as SchemaLike;
}

/** `/urls/3` to `urls[3]`, so messages read like the JSON the caller wrote. */
function fieldName(rootName: string, instancePath: string): string {
  let name = '';
  for (const part of instancePath.split('/').filter(Boolean)) {
    name += /^\d+$/.test(part) ? `[${part}]` : name ? `.${part}` : part;
  }
  return name || rootName;
}

function valueAt(value: unknown, instancePath: string): unknown {
  let node = value;
  for (const part of instancePath.split('/').filter(Boolean)) {
    node = node === null || typeof node !== 'object' ? undefined : (node as Record<string, unknown>)[part];
  }
  return node;
}

/**
 * Checks a JSON value (a request body, an MCP tool input) against its schema and returns it
 * typed, or throws `invalid_params` with a message about the first problem found.
 */
export function parseJson<T extends TSchema>(schema: T, value: unknown, rootName: string): Static<T> {
  const v = validator(schema);
  if (v.Check(value)) return value as Static<T>;
  throw invalidParams(describeJsonProblem(schema as SchemaLike, value, rootName, v.Errors(value)));
}

interface SchemaError {
  keyword: string;
  schemaPath: string;
  instancePath: string;
  params: Record<string, unknown>;
}

function describeJsonProblem(root: SchemaLike, value: unknown, rootName: string, errors: SchemaError[]): string {
  const unknownField = errors.find((e) => e.keyword === 'additionalProperties');
  if (unknownField) {
    const owner = schemaAt(root, unknownField.schemaPath);
    const names = (unknownField.params.additionalProperties as string[] | undefined) ?? [];
    const where = unknownField.instancePath ? ` in ${fieldName(rootName, unknownField.instancePath)}` : '';
    const allowed = Object.keys((owner.properties as object | undefined) ?? {}).join(', ');
    return `unknown field ${quoteReceived(names[0] ?? '?')}${where} (allowed: ${allowed})`;
  }
  const missing = errors.find((e) => e.keyword === 'required');
  if (missing) {
    const owner = schemaAt(root, missing.schemaPath);
    const name = ((missing.params.requiredProperties as string[] | undefined) ?? ['?'])[0];
    const path = missing.instancePath ? `${fieldName(rootName, missing.instancePath)}.${name}` : name;
    const propertySchema = (owner.properties as Record<string, SchemaLike> | undefined)?.[name];
    return propertySchema ? `${path} is required; it must be ${describeRule(propertySchema)}` : `${path} is required`;
  }
  // The deepest error is the most specific one ("urls[3] must be ..." rather than "body must be ...").
  const deepest = errors.reduce((a, b) => (b.instancePath.length > a.instancePath.length ? b : a), errors[0]);
  if (!deepest) return ruleMessage(rootName, root, value);
  return ruleMessage(fieldName(rootName, deepest.instancePath), schemaAt(root, deepest.schemaPath), valueAt(value, deepest.instancePath));
}
