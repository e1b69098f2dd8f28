// Query strings read strictly: repeated keys are kept as arrays (so they can be refused), and
// a malformed percent-escape is remembered instead of passed on as literal text.

/** Set on a parsed query when some part of it could not be decoded. */
export const MALFORMED = Symbol('malformed query');

export type ParsedQuery = Record<string, string | string[]> & { [MALFORMED]?: string };

function decode(text: string): string {
  return decodeURIComponent(text.replace(/\+/g, ' '));
}

export function parseQueryString(text: string): ParsedQuery {
  const result = Object.create(null) as ParsedQuery;
  for (const part of text.split('&')) {
    if (part === '') continue;
    const eq = part.indexOf('=');
    const rawKey = eq < 0 ? part : part.slice(0, eq);
    const rawValue = eq < 0 ? '' : part.slice(eq + 1);
    let key: string;
    let value: string;
    try {
      key = decode(rawKey);
      value = decode(rawValue);
    } catch {
      result[MALFORMED] ??= part;
      continue;
    }
    const existing = result[key];
    if (existing === undefined) result[key] = value;
    else if (Array.isArray(existing)) existing.push(value);
    else result[key] = [existing, value];
  }
  return result;
}
