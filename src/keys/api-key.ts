// API keys: `live_` and 32 random bytes in base62 for a secret key, `live_pk_` and the same for a
// publishable one (a browser's key, public by design, as Stripe tells pk from sk). Only a SHA-256
// of a secret key is stored; a key has 256 bits of entropy, so a fast hash is safe and keeps the
// per-request lookup cheap.
import { createHash, randomBytes } from 'node:crypto';

export const KEY_PREFIX = 'live_';
export const PUBLISHABLE_PREFIX = 'live_pk_';
/** An operator's key, for the admin API only (never the public operations). */
export const OPERATOR_PREFIX = 'live_op_';
const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
/** 62^43 > 2^256: every 32-byte value fits in 43 base62 digits. */
const SECRET_DIGITS = 43;

export function base62(bytes: Uint8Array, digits: number): string {
  let value = BigInt(`0x${Buffer.from(bytes).toString('hex') || '0'}`);
  let text = '';
  while (value > 0n) {
    text = ALPHABET[Number(value % 62n)] + text;
    value /= 62n;
  }
  return text.padStart(digits, '0');
}

export type KeyKind = 'secret' | 'publishable';

/** The kind a key's text says it is (its prefix). */
export function keyKindOf(key: string): KeyKind {
  return key.startsWith(PUBLISHABLE_PREFIX) ? 'publishable' : 'secret';
}

export const isOperatorKey = (key: string): boolean => key.startsWith(OPERATOR_PREFIX);

/** What is wrong with the shape of a presented key, or null when it could be one of ours. */
export function keyShapeProblem(key: string): string | null {
  const rule = `an API key is ${KEY_PREFIX} (or ${PUBLISHABLE_PREFIX}) followed by ${SECRET_DIGITS} letters and digits`;
  if (!key.startsWith(KEY_PREFIX)) return `${rule}, and this one does not start with ${KEY_PREFIX}`;
  const prefix = isOperatorKey(key) ? OPERATOR_PREFIX : keyKindOf(key) === 'publishable' ? PUBLISHABLE_PREFIX : KEY_PREFIX;
  const rest = key.slice(prefix.length);
  if (!/^[A-Za-z0-9]*$/.test(rest)) return `${rule}, and this one has other characters after ${KEY_PREFIX}`;
  if (rest.length !== SECRET_DIGITS) return `${rule}, and this one has ${rest.length} after ${KEY_PREFIX}`;
  return null;
}

/** A new key: a secret one is shown once to the affiliate; a publishable one goes into web pages. */
export function newSecret(kind: KeyKind | 'operator' = 'secret'): string {
  const prefix = kind === 'publishable' ? PUBLISHABLE_PREFIX : kind === 'operator' ? OPERATOR_PREFIX : KEY_PREFIX;
  return prefix + base62(randomBytes(32), SECRET_DIGITS);
}

/** A new public key id, safe to print and log: `key_` and 11 base62 digits. */
export function newKeyId(): string {
  return `key_${base62(randomBytes(8), 11)}`;
}

export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

export const AFFILIATE_CODE_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;
