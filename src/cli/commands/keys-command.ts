// hotel-affiliate keys create|list|usage|revoke|set-tier|set-origins: the affiliate programme's keys. A key's
// secret is printed once, at creation (alone on stdout, so scripts can capture it).
import { parseArgs } from 'node:util';
import type { Config } from '../../config.js';
import { AFFILIATE_CODE_PATTERN } from '../../keys/api-key.js';
import { DEFAULT_VISITOR_LIMIT, KEY_TIERS, type ApiKeyRecord, type KeyTier, type NewKey } from '../../keys/key-store.js';
import { parseOriginPattern } from '../../keys/origins.js';
import { openStorage, type Storage } from '../../storage/storage.js';
import { utcDay } from '../../usage/usage-counts.js';
import { textTable } from '../text-table.js';
import { KeyUsageOptionError, printKeyUsage } from './keys-usage.js';

export class KeysUsageError extends Error {}

function tierOf(text: string | undefined): KeyTier {
  if (!KEY_TIERS.includes(text as KeyTier)) {
    throw new KeysUsageError(`the tier must be one of ${KEY_TIERS.join(', ')} (got ${JSON.stringify(text ?? '')})`);
  }
  return text as KeyTier;
}

function describe(key: ApiKeyRecord): string {
  const label = key.label ? `, label ${JSON.stringify(key.label)}` : '';
  const publishable = key.kind === 'publishable' ? `publishable, on ${key.origins!.join(' ')}, ${key.visitorLimit} calls an hour per visitor, ` : '';
  return `${key.id} (${publishable}${key.tier} tier, affiliate code ${key.affiliateCode}${label})`;
}

function table(keys: ApiKeyRecord[], callsToday: Map<string, number>): string {
  return textTable([
    ['ID', 'KIND', 'TIER', 'CODE', 'LABEL', 'ORIGINS', 'VISITOR/H', 'CALLS TODAY', 'CREATED', 'REVOKED', 'PUBLISHABLE KEY'],
    ...keys.map((k) => [
      k.id,
      k.kind,
      k.tier,
      k.affiliateCode,
      k.label ?? '',
      k.origins?.join(' ') ?? '',
      k.visitorLimit === null ? '' : String(k.visitorLimit),
      String(callsToday.get(k.id) ?? 0),
      k.createdAt,
      k.revokedAt ?? '',
      k.publishableKey ?? '',
    ]),
  ]);
}

/** A key as `keys list --json` writes it: in the API's snake_case. */
function keyJson(k: ApiKeyRecord, callsToday: Map<string, number>) {
  return {
    id: k.id,
    kind: k.kind,
    tier: k.tier,
    affiliate_code: k.affiliateCode,
    label: k.label,
    origins: k.origins,
    visitor_limit: k.visitorLimit,
    publishable_key: k.publishableKey,
    created_at: k.createdAt,
    revoked_at: k.revokedAt,
    calls_today: callsToday.get(k.id) ?? 0,
  };
}

/** Origins as the affiliate lists them, checked and kept in their plain form. */
function originsOf(texts: string[]): string[] {
  const origins = texts.map((text) => {
    const { origin, problem } = parseOriginPattern(text);
    if (problem !== null) throw new KeysUsageError(`--origin ${problem}`);
    return origin;
  });
  return [...new Set(origins)];
}

/** The publishable part of a new key, from --publishable, --origin and --visitor-limit; undefined for a secret key. */
function publishableOptions(values: { publishable?: boolean; origin?: string[]; 'visitor-limit'?: string }): NewKey['publishable'] {
  if (!values.publishable) {
    if (values.origin || values['visitor-limit'] !== undefined) {
      throw new KeysUsageError('--origin and --visitor-limit are for publishable keys: add --publishable (a secret key must never be in a web page)');
    }
    return undefined;
  }
  if (!values.origin || values.origin.length === 0) {
    throw new KeysUsageError('a publishable key needs at least one --origin, the site it goes on (https://blog.example, or https://*.blog.example for its subdomains)');
  }
  const limitText = values['visitor-limit'];
  let visitorLimit = DEFAULT_VISITOR_LIMIT;
  if (limitText !== undefined) {
    if (!/^\d{1,7}$/.test(limitText) || Number(limitText) < 1) {
      throw new KeysUsageError(`--visitor-limit must be a whole number of calls an hour from 1 to 9999999 (got ${JSON.stringify(limitText)})`);
    }
    visitorLimit = Number(limitText);
  }
  return { origins: originsOf(values.origin), visitorLimit };
}

/** The key with this id, or null after saying there is none. */
async function existingKey(storage: Storage, id: string): Promise<ApiKeyRecord | null> {
  const key = await storage.keys.get(id);
  if (!key) console.error(`No key has id ${id}; see hotel-affiliate keys list.`);
  return key;
}

export async function keysCommand(config: Config, args: string[]): Promise<number> {
  const [action, ...rest] = args;
  const storage = await openStorage(config, {
    onWriteWait: () => console.error('Waiting for a catalog import to finish… (Ctrl-C stops this and changes nothing)'),
  });
  try {
    switch (action) {
      case 'create': {
        const { values, positionals } = parseArgs({
          args: rest,
          options: {
            tier: { type: 'string' },
            code: { type: 'string' },
            label: { type: 'string' },
            publishable: { type: 'boolean' },
            origin: { type: 'string', multiple: true },
            'visitor-limit': { type: 'string' },
          },
          allowPositionals: true,
          strict: true,
        });
        if (positionals.length > 0) throw new KeysUsageError(`keys create takes options only (got ${positionals.join(' ')})`);
        const tier = tierOf(values.tier);
        if (!values.code || !AFFILIATE_CODE_PATTERN.test(values.code)) {
          throw new KeysUsageError(`--code must be 1 to 64 letters, digits, underscores or hyphens (got ${JSON.stringify(values.code ?? '')})`);
        }
        if (values.label !== undefined && (values.label.length === 0 || values.label.length > 200)) {
          throw new KeysUsageError('--label must be 1 to 200 characters');
        }
        const publishable = publishableOptions(values);
        const { secret, record } = await storage.keys.create({ tier, affiliateCode: values.code, label: values.label ?? null, publishable });
        console.error(`Created key ${describe(record)}.`);
        if (publishable) {
          console.error('The key follows. It is publishable: put it in your pages (it works only on the origins above); keys list shows it again.');
        } else {
          console.error('Its secret follows. It is shown this once and cannot be recovered; give it to the affiliate now.');
        }
        console.log(secret);
        return 0;
      }
      case 'list': {
        const { values } = parseArgs({ args: rest, options: { json: { type: 'boolean' } }, strict: true });
        const keys = await storage.keys.list();
        // Calls answered today (UTC) as written to the database: a running instance writes every few seconds.
        const callsToday = await storage.usage.callsOn(utcDay(Date.now()));
        if (values.json) console.log(JSON.stringify(keys.map((k) => keyJson(k, callsToday)), null, 2));
        else console.log(keys.length === 0 ? 'No keys yet. Create one with: hotel-affiliate keys create --tier standard --code CODE' : table(keys, callsToday));
        return 0;
      }
      case 'usage': {
        try {
          return (await printKeyUsage(storage, rest, Date.now())) ? 0 : 1;
        } catch (error) {
          if (error instanceof KeyUsageOptionError) throw new KeysUsageError(error.message);
          throw error;
        }
      }
      case 'revoke': {
        const { positionals } = parseArgs({ args: rest, allowPositionals: true, strict: true });
        if (positionals.length !== 1) throw new KeysUsageError('keys revoke takes one KEY_ID');
        const before = await existingKey(storage, positionals[0]);
        if (!before) return 1;
        if (before.revokedAt) {
          console.log(`Key ${describe(before)} was already revoked at ${before.revokedAt}.`);
          return 0;
        }
        const after = await storage.keys.revoke(before.id);
        console.log(`Revoked key ${describe(after!)}. Calls with it are refused from the next request on.`);
        return 0;
      }
      case 'set-tier': {
        const { positionals } = parseArgs({ args: rest, allowPositionals: true, strict: true });
        if (positionals.length !== 2) throw new KeysUsageError('keys set-tier takes KEY_ID and TIER');
        const tier = tierOf(positionals[1]);
        const before = await existingKey(storage, positionals[0]);
        if (!before) return 1;
        if (before.revokedAt) {
          console.error(`Key ${describe(before)} is revoked; create a new key instead.`);
          return 1;
        }
        const after = await storage.keys.setTier(before.id, tier);
        console.log(`Key ${describe(after!)} is now ${tier} tier, from the next request on.`);
        return 0;
      }
      case 'set-origins': {
        const { positionals } = parseArgs({ args: rest, allowPositionals: true, strict: true });
        if (positionals.length < 2) throw new KeysUsageError('keys set-origins takes KEY_ID and one or more ORIGINs');
        const origins = originsOf(positionals.slice(1));
        const before = await existingKey(storage, positionals[0]);
        if (!before) return 1;
        if (before.kind !== 'publishable') {
          console.error(`Key ${describe(before)} is a secret key: it has no origins (it must never be in a web page).`);
          return 1;
        }
        const after = await storage.keys.setOrigins(before.id, origins);
        console.log(`Key ${describe(after!)} now works on ${origins.join(' ')}, from the next request on.`);
        return 0;
      }
      default:
        throw new KeysUsageError(
          action === undefined ? 'keys needs an action: create, list, usage, revoke, set-tier or set-origins' : `unknown keys action ${JSON.stringify(action)}`,
        );
    }
  } finally {
    await storage.close();
  }
}
