// The schema an answer is written from (fast-json-stringify) is the operation's answer schema
// with one change of form: "a number or null" is written as anyOf [number, null] in the
// contract, which fast-json-stringify can only serve by validating each value against each
// branch with Ajv (six fields of every hotel card); as type [number, null] it is a typeof test.
// Same values, same bytes (test/answer-bytes.test.ts).

type Json = unknown;

function isNullBranch(schema: Json): boolean {
  return typeof schema === 'object' && schema !== null && (schema as { type?: unknown }).type === 'null' && Object.keys(schema).length === 1;
}

/** `schema` with every anyOf of one typed schema and null written as a type array. */
export function serializerSchema(schema: Json): Json {
  if (Array.isArray(schema)) return schema.map(serializerSchema);
  if (typeof schema !== 'object' || schema === null) return schema;
  const copy: Record<string, Json> = {};
  for (const [key, value] of Object.entries(schema)) copy[key] = serializerSchema(value);
  const branches = copy.anyOf;
  if (Array.isArray(branches) && branches.length === 2 && isNullBranch(branches[1])) {
    const typed = branches[0] as Record<string, Json>;
    if (typeof typed.type === 'string' && typed.type !== 'object' && typed.type !== 'array') {
      const { anyOf: _anyOf, ...rest } = copy;
      return { ...rest, ...typed, type: [typed.type, 'null'] };
    }
  }
  return copy;
}
