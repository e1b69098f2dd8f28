// What the console (/console) and the admin API (/admin/v1) are given: the affiliates' keys and
// their changes, the account's stores (operators' keys, audit, sessions), usage, counters to
// slow down guessed keys, and how the request's client and the service's address are read.
import type { FastifyRequest } from 'fastify';
import type { RequestGate } from '../access/gate.js';
import type { AccountStores } from '../keys/account-stores.js';
import type { KeyManagement } from '../keys/key-management.js';
import type { KeyStore } from '../keys/key-store.js';
import type { CounterStore } from '../limits/counter-store.js';
import type { UsageRecorder } from '../usage/usage-recorder.js';

export interface AccountServices {
  keys: KeyStore;
  account: AccountStores;
  management: KeyManagement;
  /** Usage reports; absent where the service keeps none. */
  usage?: UsageRecorder;
  /** The allowance counters, for limits of their own (wrong keys at sign-in). */
  counters: CounterStore;
}

export interface AccountRouteOptions extends AccountServices {
  gate: RequestGate;
  /** The client's address (behind trusted proxies, the forwarded one). */
  clientAddress: (request: FastifyRequest) => string;
  /** The service's address as callers reach it. */
  publicUrl: (request: FastifyRequest) => string;
  serviceName: string;
  /** Allowances by tier, to show. */
  limitOf: (tier: 'standard' | 'partner') => number;
}
