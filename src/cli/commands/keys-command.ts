// hotel-affiliate keys create|list|usage|revoke|set-tier|set-origins|audit: the affiliate programme's keys,
// and the operators' keys of the admin API. A key's secret is printed once, at creation (alone on
// stdout, so scripts can capture it). Changes go through KeyManagement, as the admin API's and the
// affiliates' own do: the same caps, and an audit entry naming the system user (cli:<user>).
import { userInfo } from 'node:os';
import { parseArgs } from 'node:util';
import type { Config } from '../../config.js';
import { ServiceError } from '../../errors.js';
import { AFFILIATE_CODE_PATTERN } from '../../keys/api-key.js';
import { KeyManagement, keyWorks, MAX_LABEL_LENGTH, type Actor } from '../../keys/key-management.js';
import { DEFAULT_VISITOR_LIMIT, KEY_TIERS, type ApiKeyRecord, type KeyTier, type NewKey } from '../../keys/key-store.js';
import { parseOriginPattern } from '../../keys/origins.js';
import { openStorage, type Storage } from '../../storage/storage.js';
import { utcDay } from '../../usage/usage-counts.js';
import { textTable } from '../text-table.js';
import { KeyUsageOptionError, printAudit, printKeyUsage } from './keys-usage.js';

export class KeysUsageError extends Error {}

/** Who changes keys from the command line, for the audit: the system user, from no address. */
export function cliActor(): Actor {
  let user: string;
  try {
    user = userInfo().username;
  } catch {
    // A user without a passwd entry (some containers).
    user = process.env.USER ?? process.env.LOGNAME ?? `uid-${process.getuid?.() ?? 'unknown'}`;
  }
  return { name: `cli:${user}`, address: null };
}

/** The fields KeyManagement's messages name, as this command's options name them. */
const OPTION_NAMES: Record<string, string> = { affiliate_code: '--code', label: '--label', origins: '--origin', visitor_limit: '--visitor-limit', tier: 'the tier' };

/**
 * Runs a change through KeyManagement: its refusals for the input (a cap, a rule) are usage
 * errors in the options' words; a key it does not find is said on stderr (exit 1).
 */
async function managed<T>(change: () => Promise<T>, optionNames = OPTION_NAMES): Promise<T | null> {
  try {
    return await change();
  } catch (error) {
    if (!(error instanceof ServiceError)) throw error;
    if (error.code === 'invalid_params') throw new KeysUsageError(error.message.replace(/^([a-z_]+)\b/, (field) => optionNames[field] ?? field));
    if (error.code === 'not_found') {
      console.error(`${error.message.charAt(0).toUpperCase()}${error.message.slice(1)}; see hotel-affiliate keys list.`);
      return null;
    }
    throw error;
  }
}

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

/** hotel-affiliate keys create --operator --label NAME: an operator key for the admin API. */
async function createOperatorKey(storage: Storage, values: Record<string, unknown>): Promise<number> {
  const others = ['tier', 'code', 'publishable', 'origin', 'visitor-limit'].filter((o) => values[o] !== undefined);
  if (others.length > 0) {
    throw new KeysUsageError(`keys create --operator takes --label only: an operator key has no ${others.map((o) => `--${o}`).join(', ')} (it works on the admin API, for any affiliate)`);
  }
  const label = values.label as string | undefined;
  if (label === undefined || label.trim().length === 0 || label.length > MAX_LABEL_LENGTH) {
    throw new KeysUsageError(`an operator key needs --label, 1 to ${MAX_LABEL_LENGTH} characters saying whose it is (got ${JSON.stringify(label ?? '')})`);
  }
  const { secret, record } = await storage.account.operators.create(label);
  const actor = cliActor();
  await storage.account.audit.append({ actor: actor.name, action: 'operator_key.created', keyId: record.id, affiliateCode: null, address: actor.address, details: { label } });
  console.error(`Created operator key ${record.id} (label ${JSON.stringify(label)}). It works on the admin API (/admin/v1) only, for any affiliate.`);
  console.error('Its secret follows. It is shown this once and cannot be recovered; keep it in a secrets store.');
  console.log(secret);
  return 0;
}

/** hotel-affiliate keys revoke op_…: an operator key refused from its next call on. */
async function revokeOperatorKey(storage: Storage, id: string): Promise<number> {
  const before = (await storage.account.operators.list()).find((k) => k.id === id);
  if (!before) {
    console.error(`No operator key has id ${id}; see hotel-affiliate keys list --operators.`);
    return 1;
  }
  if (before.revokedAt) {
    console.log(`Operator key ${id} (label ${JSON.stringify(before.label)}) was already revoked at ${before.revokedAt}.`);
    return 0;
  }
  const after = (await storage.account.operators.revoke(id))!;
  const actor = cliActor();
  await storage.account.audit.append({ actor: actor.name, action: 'operator_key.revoked', keyId: id, affiliateCode: null, address: actor.address, details: { label: after.label } });
  console.log(`Revoked operator key ${id} (label ${JSON.stringify(after.label)}). The admin API refuses it from the next request on.`);
  return 0;
}

async function listOperatorKeys(storage: Storage, json: boolean | undefined): Promise<number> {
  const keys = await storage.account.operators.list();
  if (json) {
    console.log(JSON.stringify(keys.map((k) => ({ id: k.id, label: k.label, created_at: k.createdAt, revoked_at: k.revokedAt })), null, 2));
  } else if (keys.length === 0) {
    console.log('No operator keys yet. Create one with: hotel-affiliate keys create --operator --label NAME');
  } else {
    console.log(textTable([['ID', 'LABEL', 'CREATED', 'REVOKED'], ...keys.map((k) => [k.id, k.label, k.createdAt, k.revokedAt ?? ''])]));
  }
  return 0;
}

/** Why a key can no longer be changed, or null while it works. */
function stoppedBecause(key: ApiKeyRecord): string | null {
  if (keyWorks(key)) return null;
  return key.revokedAt !== null ? 'is revoked' : `was rolled and its grace ended at ${key.expiresAt}`;
}

export async function keysCommand(config: Config, args: string[]): Promise<number> {
  const [action, ...rest] = args;
  const storage = await openStorage(config, {
    onWriteWait: () => console.error('Waiting for a catalog import to finish… (Ctrl-C stops this and changes nothing)'),
  });
  const management = new KeyManagement(storage.keys, storage.account);
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
            operator: { type: 'boolean' },
          },
          allowPositionals: true,
          strict: true,
        });
        if (positionals.length > 0) throw new KeysUsageError(`keys create takes options only (got ${positionals.join(' ')})`);
        if (values.operator) return await createOperatorKey(storage, values);
        const tier = tierOf(values.tier);
        if (!values.code || !AFFILIATE_CODE_PATTERN.test(values.code)) {
          throw new KeysUsageError(`--code must be 1 to 64 letters, digits, underscores or hyphens (got ${JSON.stringify(values.code ?? '')})`);
        }
        if (values.label !== undefined && (values.label.length === 0 || values.label.length > MAX_LABEL_LENGTH)) {
          throw new KeysUsageError(`--label must be 1 to ${MAX_LABEL_LENGTH} characters`);
        }
        const publishable = publishableOptions(values);
        const made = await managed(() =>
          management.create(
            {
              kind: publishable ? 'publishable' : 'secret',
              tier,
              affiliateCode: values.code!,
              label: values.label ?? null,
              origins: publishable?.origins,
              visitorLimit: publishable?.visitorLimit,
            },
            cliActor(),
          ),
        );
        if (!made) return 1;
        console.error(`Created key ${describe(made.record)}.`);
        if (publishable) {
          console.error('The key follows. It is publishable: put it in your pages (it works only on the origins above); keys list shows it again.');
        } else {
          console.error('Its secret follows. It is shown this once and cannot be recovered; give it to the affiliate now.');
        }
        console.log(made.secret);
        return 0;
      }
      case 'list': {
        const { values } = parseArgs({ args: rest, options: { json: { type: 'boolean' }, operators: { type: 'boolean' } }, strict: true });
        if (values.operators) return await listOperatorKeys(storage, values.json);
        const keys = await storage.keys.list();
        // Calls answered today (UTC) as written to the database: a running instance writes every few seconds.
        const callsToday = await storage.usage.callsOn(utcDay(Date.now()));
        if (values.json) console.log(JSON.stringify(keys.map((k) => keyJson(k, callsToday)), null, 2));
        else console.log(keys.length === 0 ? 'No keys yet. Create one with: hotel-affiliate keys create --tier standard --code CODE' : table(keys, callsToday));
        return 0;
      }
      case 'usage':
      case 'audit': {
        try {
          if (action === 'audit') return (await printAudit(storage, rest)) ? 0 : 1;
          return (await printKeyUsage(storage, rest, Date.now())) ? 0 : 1;
        } catch (error) {
          if (error instanceof KeyUsageOptionError) throw new KeysUsageError(error.message);
          throw error;
        }
      }
      case 'revoke': {
        const { positionals } = parseArgs({ args: rest, allowPositionals: true, strict: true });
        if (positionals.length !== 1) throw new KeysUsageError('keys revoke takes one KEY_ID (key_…, or an operator key\'s op_…)');
        if (positionals[0].startsWith('op_')) return await revokeOperatorKey(storage, positionals[0]);
        const before = await existingKey(storage, positionals[0]);
        if (!before) return 1;
        if (before.revokedAt) {
          console.log(`Key ${describe(before)} was already revoked at ${before.revokedAt}.`);
          return 0;
        }
        const after = await managed(() => management.revoke(before.id, cliActor()));
        if (!after) return 1;
        console.log(`Revoked key ${describe(after)}. Calls with it are refused from the next request on.`);
        return 0;
      }
      case 'set-tier': {
        const { positionals } = parseArgs({ args: rest, allowPositionals: true, strict: true });
        if (positionals.length !== 2) throw new KeysUsageError('keys set-tier takes KEY_ID and TIER');
        const tier = tierOf(positionals[1]);
        const before = await existingKey(storage, positionals[0]);
        if (!before) return 1;
        const stopped = stoppedBecause(before);
        if (stopped) {
          console.error(`Key ${describe(before)} ${stopped}; create a new key instead.`);
          return 1;
        }
        const after = await managed(() => management.update(before.id, { tier }, cliActor()));
        if (!after) return 1;
        console.log(`Key ${describe(after)} is now ${tier} tier, from the next request on.`);
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
        const stopped = stoppedBecause(before);
        if (stopped) {
          console.error(`Key ${describe(before)} ${stopped}; create a new key instead.`);
          return 1;
        }
        const after = await managed(() => management.update(before.id, { origins }, cliActor()), { ...OPTION_NAMES, origins: 'the ORIGINs' });
        if (!after) return 1;
        console.log(`Key ${describe(after)} now works on ${after.origins!.join(' ')}, from the next request on.`);
        return 0;
      }
      default:
        throw new KeysUsageError(
          action === undefined
            ? 'keys needs an action: create, list, usage, revoke, set-tier, set-origins or audit'
            : `unknown keys action ${JSON.stringify(action)}`,
        );
    }
  } finally {
    await storage.close();
  }
}
