// What the affiliate's self-service and the admin API keep besides keys: operators' keys, the
// audit of key changes and console sessions, on whichever database the service uses.
import type { SqlDatabase } from '../storage/sql.js';
import { ConsoleSessions } from './console-sessions.js';
import { KeyAudit } from './key-audit.js';
import { OperatorKeys } from './operator-keys.js';

export interface AccountStores {
  operators: OperatorKeys;
  audit: KeyAudit;
  sessions: ConsoleSessions;
}

export function accountStores(sql: SqlDatabase): AccountStores {
  return { operators: new OperatorKeys(sql), audit: new KeyAudit(sql), sessions: new ConsoleSessions(sql) };
}
