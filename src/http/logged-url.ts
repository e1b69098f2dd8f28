// A request's URL as the access log writes it: as received, but with any secret key left out,
// whatever form it came in (percent-encoded, with +, upper case, as a name, in a repeated
// parameter, in the path). Each part is judged as the server reads it, decoded by the server's
// own query parser, not by a pattern on the raw bytes, which an escape slips past.
import { MALFORMED, parseQueryString } from './query-string.js';

/** Written in place of a secret key (a pair's value, a whole pair when its name holds one, a path segment). */
const LEFT_OUT = 'live_(secret key left out)';

/** A secret key's prefix, in any case; a publishable key (live_pk_…) is public by design and kept. */
const SECRET = /[lL][iI][vV][eE]_(?!pk_)/;

/** Escapes decoded byte by byte, malformed ones left as they are: enough to find the ASCII prefix. */
function looselyDecoded(text: string): string {
  return text.replace(/%([0-9A-Fa-f]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** Text with its escapes decoded: natively when it can be (the common case, and fast), else loosely. */
function decodedOnce(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return looselyDecoded(text);
  }
}

/** Escapes still decoded, a key encoded twice or thrice in mind, after the server's own decoding. */
const ROUNDS = 3;

/** Whether text holds a secret key, as it is and with the escapes it still has decoded. */
function holdsSecret(text: string, rounds = ROUNDS): boolean {
  for (let round = 0; round < rounds && text.includes('%'); round++) {
    if (SECRET.test(text)) return true;
    text = decodedOnce(text);
  }
  return SECRET.test(text);
}

/** A query pair's name and value as the server's parser decodes them, or null when it cannot. */
function decodedPair(part: string): [string, string] | null {
  const parsed = parseQueryString(part);
  if (parsed[MALFORMED] !== undefined) return null;
  const [name] = Object.keys(parsed);
  return [name, parsed[name] as string];
}

function redactedPair(part: string): string {
  if (part === '') return part;
  const eq = part.indexOf('=');
  const rawName = eq < 0 ? part : part.slice(0, eq);
  // A pair the parser refuses is judged on its raw text, escapes decoded loosely.
  const [name, value] = decodedPair(part) ?? [rawName, eq < 0 ? '' : part.slice(eq + 1)];
  if (holdsSecret(name)) return LEFT_OUT;
  return holdsSecret(value) ? `${rawName}=${LEFT_OUT}` : part;
}

function redactedPath(path: string): string {
  return path
    .split('/')
    .map((segment) => (holdsSecret(segment) ? LEFT_OUT : segment))
    .join('/');
}

/** Where the query begins as the router reads it: at the first ? or #. */
function queryStart(url: string): number {
  const question = url.indexOf('?');
  const hash = url.indexOf('#');
  return hash >= 0 && (question < 0 || hash < question) ? hash : question;
}

export function loggedUrl(url: string): string {
  // Most URLs hold no key in any form, which one search of the whole says (each part decodes to
  // a piece of the whole decoded, given the server's own round): only the rare others are read
  // part by part.
  if (!holdsSecret(url, ROUNDS + 1)) return url;
  const start = queryStart(url);
  if (start < 0) return redactedPath(url);
  const query = url.slice(start + 1).split('&').map(redactedPair).join('&');
  return `${redactedPath(url.slice(0, start))}${url[start]}${query}`;
}
