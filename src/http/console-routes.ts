// The affiliate's console at /console: its page, its session and the JSON it reads and changes.
//
// - POST /console/session signs in with a secret key (never a publishable or an operator key);
//   wrong keys are counted per client address and refused with 429 past 10 in 15 minutes. The
//   browser then holds an HttpOnly, SameSite=Strict cookie, never the key; the page keeps the
//   anti-forgery token in memory. DELETE /console/session signs out.
// - /console/api/… answers in the public API's shapes (GET /v1/keys, GET /v1/usage) and changes
//   keys with the same functions as the public key API (KeyManagement), as `console:<key id>`.
// - Every change must come from the console's own origin (Sec-Fetch-Site, Origin) with the
//   session's X-CSRF-Token and a JSON body; a session whose key stopped working is gone.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ServiceError } from '../errors.js';
import { isOperatorKey, keyKindOf } from '../keys/api-key.js';
import type { Caller } from '../keys/caller.js';
import { SESSION_TIMES, type ConsoleSession } from '../keys/console-sessions.js';
import { keyWorks, type Actor, type Owner } from '../keys/key-management.js';
import type { ApiKeyRecord } from '../keys/key-store.js';
import { activityOf, keyAnswer, listKeys } from '../operations/key-operations.js';
import { CreateKeyBody, KeyIdPath, RollKeyBody, UpdateKeyBody, type CreatedKey, type RolledKey } from '../operations/key-schemas.js';
import { usageReport, usedPercent } from '../operations/get-usage.js';
import type { UsageResponse } from '../operations/usage-schemas.js';
import { utcDay } from '../usage/usage-counts.js';
import { parseJson } from '../validation/fields.js';
import type { AccountRouteOptions } from './account-routes.js';
import { consoleFile, type ConsoleFile } from './console-files.js';
import { CONSOLE_PAGE_CSP, consolePage } from './console-page.js';
import { ConsoleMe, ConsoleUsageQuery, SignInBody } from './console-schemas.js';
import {
  clearedCookie,
  CONSOLE_PATH,
  CSRF_HEADER,
  crossOriginProblem,
  sameToken,
  sessionCookie,
  sessionToken,
  SignInLimiter,
} from './console-session.js';
import { errorBody, sendServiceError } from './error-response.js';
import { rawRequestOf, readJsonBody, readQuery } from './http-operation.js';
import type { ParsedQuery } from './query-string.js';
import { prefersCsv, usageCsv } from './usage-csv.js';
import { addVary } from './vary.js';
import { CURRENT_WIDGET, widgetFile } from './widget-files.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** false: no CORS headers (@fastify/cors reads it): the console is for its own pages only. */
    cors?: false;
  }
}

/** The 401 challenge of the console: a session cookie, not a bearer token. */
const CHALLENGE = 'Cookie realm="console", cookie-name="console_session"';
const SIGNED_OUT = 'you are not signed in to the console, or your session ended (signed out, 30 minutes unused, a day old, or its key was rolled or revoked): sign in again with your secret key';
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Only JSON is answered to the console's API, and nothing of it is kept by caches. */
const NO_STORE = 'no-store';

/** A request of a signed-in page: its session, its key and who makes its changes. */
interface SignedIn {
  token: string;
  session: ConsoleSession;
  key: ApiKeyRecord;
  owner: Owner;
  actor: Actor;
}

type ApiHandler = (request: FastifyRequest, reply: FastifyReply, signedIn: SignedIn) => Promise<unknown>;


/** The caller a key's own calls count as, to read its allowance. */
function callerOf(key: ApiKeyRecord): Caller {
  return { tier: key.tier, subject: `key:${key.id}`, affiliateCode: key.affiliateCode, keyId: key.id, visitor: null };
}

/** Why a text cannot sign in before it is looked up, or null. */
function keyTextProblem(key: string): string | null {
  if (!/^live_[A-Za-z0-9_]{1,200}$/.test(key)) return 'that is not an API key: a secret key is live_ followed by letters and digits, as it was given to you';
  if (isOperatorKey(key)) return "an operator key (live_op_…) is for the admin API, not an affiliate's console: sign in with the affiliate's secret key (live_…)";
  if (keyKindOf(key) === 'publishable') {
    return 'a publishable key (live_pk_…) cannot sign in: it is public, made for web pages. Sign in with your secret key (live_…), the one you keep on your server';
  }
  return null;
}

export function registerConsoleRoutes(app: FastifyInstance, options: AccountRouteOptions): void {
  const { keys, account, management, usage, gate } = options;
  // The service's clock for days and windows (the tests move it); the usage recorder carries it.
  const now = () => usage?.now() ?? Date.now();
  const limiter = new SignInLimiter(options.counters, now);
  const script = consoleFile('console.js');
  const style = consoleFile('console.css');
  const widget = widgetFile(CURRENT_WIDGET);
  const keyServices = { keyManagement: management, usage };

  const ownOrigins = (request: FastifyRequest): string[] => {
    const origins = [`${request.protocol}://${request.host}`];
    try {
      origins.unshift(new URL(options.publicUrl(request)).origin);
    } catch {
      // A request whose host cannot be an address: only its own origin, as sent.
    }
    return origins;
  };
  const secure = (request: FastifyRequest) => request.protocol === 'https';

  function refuse(reply: FastifyReply, status: 401 | 403, message: string): FastifyReply {
    if (status === 401) reply.header('WWW-Authenticate', CHALLENGE);
    // The service's error codes have no "forbidden": a 403 carries unauthorized, with its reason.
    return reply.code(status).send(errorBody('unauthorized', message));
  }

  function failed(request: FastifyRequest, reply: FastifyReply, error: unknown): FastifyReply {
    if (error instanceof ServiceError) return sendServiceError(reply, error, CHALLENGE);
    request.log.error({ err: error }, 'unexpected failure in the console');
    return reply.code(500).send(errorBody('upstream_unavailable', `an unexpected error occurred; quote request id ${request.id} when reporting it`));
  }

  /** The session of a request's cookie whose key still works, or null (a dead session is ended). */
  async function signedInOf(request: FastifyRequest): Promise<SignedIn | null> {
    const token = sessionToken(request.headers.cookie);
    if (token === null) return null;
    const session = await account.sessions.find(token);
    if (!session) return null;
    const key = await keys.get(session.keyId);
    // Revoked or rolled keys end their sessions as they change; a key whose grace ran out, here.
    if (!key || key.kind !== 'secret' || !keyWorks(key)) {
      await account.sessions.end(token);
      return null;
    }
    return {
      token,
      session,
      key,
      owner: { affiliateCode: key.affiliateCode, tier: key.tier },
      actor: { name: `console:${key.id}`, address: options.clientAddress(request) },
    };
  }

  async function me(key: ApiKeyRecord, session: ConsoleSession): Promise<ConsoleMe> {
    const [admission, activity] = await Promise.all([gate.peek(callerOf(key)), activityOf(usage, [key])]);
    const created = Date.parse(session.createdAt);
    return {
      affiliate_code: key.affiliateCode,
      tier: key.tier,
      key: keyAnswer(key, activity),
      csrf_token: session.csrfToken,
      today: utcDay(now()),
      allowance: {
        limit: admission.limit,
        used: admission.limit - admission.remaining,
        remaining: admission.remaining,
        reset: admission.resetAt,
        used_percent: usedPercent(admission.limit, admission.remaining),
      },
      session: {
        created: session.createdAt,
        idle_minutes: SESSION_TIMES.idleMs / 60_000,
        ends_by: new Date(created + SESSION_TIMES.maxMs).toISOString(),
      },
    };
  }

  /** A route of the console's API: signed in, and for a change, from the console's page with its token. */
  function api(method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, handler: ApiHandler): void {
    const changes = method !== 'GET';
    app.route({
      method,
      url: `${CONSOLE_PATH}/api${url}`,
      config: { cors: false },
      handler: async (request, reply) => {
        reply.header('Cache-Control', NO_STORE);
        try {
          if (changes) {
            const problem = crossOriginProblem(request, ownOrigins(request));
            if (problem) return refuse(reply, 403, problem);
          }
          const signedIn = await signedInOf(request);
          if (!signedIn) {
            if (sessionToken(request.headers.cookie) !== null) reply.header('Set-Cookie', clearedCookie(secure(request)));
            return refuse(reply, 401, SIGNED_OUT);
          }
          if (changes && !sameToken(request.headers[CSRF_HEADER], signedIn.session.csrfToken)) {
            return refuse(reply, 403, 'a change must carry the X-CSRF-Token header the console gave at sign-in (GET /console/api/me says it again): reload the console and try again');
          }
          return await handler(request, reply, signedIn);
        } catch (error) {
          return failed(request, reply, error);
        }
      },
    });
  }

  const keyIdOf = (request: FastifyRequest) => parseJson(KeyIdPath, { id: (request.params as Record<string, string>).id }, 'path').id;

  // The page and its files.
  const notBuilt = (reply: FastifyReply) =>
    reply.code(503).header('Retry-After', '60').send(errorBody('upstream_unavailable', 'the console has not been built on this instance (npm run build)'));
  app.get(CONSOLE_PATH, { config: { cors: false } }, (request, reply) => {
    if (!script || !style || !widget) return notBuilt(reply);
    const base = options.publicUrl(request);
    const page = consolePage({
      serviceName: options.serviceName,
      scriptVersion: script.version,
      styleVersion: style.version,
      widgetScript: `${base}/widget/${CURRENT_WIDGET}`,
      widgetIntegrity: widget.integrity,
    });
    return reply
      .type('text/html; charset=utf-8')
      .header('Cache-Control', 'no-cache')
      .header('Content-Security-Policy', CONSOLE_PAGE_CSP)
      .header('X-Frame-Options', 'DENY')
      .header('Referrer-Policy', 'same-origin')
      .header('X-Content-Type-Options', 'nosniff')
      .send(page);
  });
  const serveFile = (path: string, file: ConsoleFile | null) =>
    app.get(path, { config: { cors: false } }, (request, reply) => {
      if (!file) return notBuilt(reply);
      const current = (request.query as ParsedQuery).v === file.version;
      reply.header('Cache-Control', current ? IMMUTABLE : 'no-cache').header('ETag', file.etag).header('X-Content-Type-Options', 'nosniff');
      if (request.headers['if-none-match'] === file.etag) return reply.code(304).send();
      return reply.type(file.type).send(file.body);
    });
  serveFile(`${CONSOLE_PATH}/console.js`, script);
  serveFile(`${CONSOLE_PATH}/console.css`, style);

  // Signing in and out.
  app.post(`${CONSOLE_PATH}/session`, { config: { cors: false } }, async (request, reply) => {
    reply.header('Cache-Control', NO_STORE);
    try {
      const problem = crossOriginProblem(request, ownOrigins(request));
      if (problem) return refuse(reply, 403, problem);
      const address = options.clientAddress(request);
      const wait = await limiter.refusal(address);
      if (wait !== null) {
        const minutes = Math.ceil(wait / 60);
        throw new ServiceError('rate_limited', `too many wrong keys from your address: sign-in is refused for ${minutes} minute${minutes === 1 ? '' : 's'}`, {
          retryAfterSeconds: wait,
        });
      }
      const { key: sent } = readJsonBody(SignInBody, rawRequestOf(request), '{"key": "live_…"}');
      const text = sent.trim();
      let refusal = keyTextProblem(text);
      let record: ApiKeyRecord | null = null;
      if (refusal === null) {
        const identified = await gate.identify(
          { authorization: `Bearer ${text}`, queryKey: undefined, origin: undefined, referer: undefined, publishableAccepted: false },
          address,
        );
        // A key store that cannot be read is 503, not a wrong key.
        if (identified.rejection?.code === 'upstream_unavailable') throw identified.rejection;
        const { keyId, visitor } = identified.caller;
        if (identified.rejection) refusal = identified.rejection.message;
        else if (keyId === null || visitor !== null) refusal = 'only a secret key (live_…) signs in to the console';
        else {
          record = await keys.get(keyId);
          if (!record || record.kind !== 'secret' || !keyWorks(record)) refusal = 'the API key is not valid: unknown, revoked or mistyped';
        }
      }
      if (refusal !== null || record === null) {
        await limiter.failed(address);
        throw new ServiceError('unauthorized', refusal ?? 'the API key is not valid');
      }
      // A browser signing in again leaves no session of its own behind.
      const previous = sessionToken(request.headers.cookie);
      if (previous !== null) await account.sessions.end(previous);
      const { token, session } = await account.sessions.open(record.id);
      reply.header('Set-Cookie', sessionCookie(token, secure(request)));
      return reply.send(await me(record, session));
    } catch (error) {
      return failed(request, reply, error);
    }
  });

  app.delete(`${CONSOLE_PATH}/session`, { config: { cors: false } }, async (request, reply) => {
    reply.header('Cache-Control', NO_STORE);
    try {
      const problem = crossOriginProblem(request, ownOrigins(request));
      if (problem) return refuse(reply, 403, problem);
      const token = sessionToken(request.headers.cookie);
      const session = token === null ? null : await account.sessions.find(token);
      if (session && !sameToken(request.headers[CSRF_HEADER], session.csrfToken)) {
        return refuse(reply, 403, 'signing out must carry the X-CSRF-Token header the console gave at sign-in');
      }
      // Signed out either way: a session already gone has nothing left to end.
      if (token !== null) await account.sessions.end(token);
      return reply.header('Set-Cookie', clearedCookie(secure(request))).code(204).send();
    } catch (error) {
      return failed(request, reply, error);
    }
  });

  // What the page reads and changes.
  api('GET', '/me', async (_request, reply, { key, session }) => reply.send(await me(key, session)));

  api('GET', '/usage', async (request, reply, { key, owner }) => {
    if (!usage) throw new ServiceError('upstream_unavailable', 'this service keeps no usage reports');
    const query = readQuery(ConsoleUsageQuery, rawRequestOf(request));
    const { format, ...report } = query;
    // Every key of the affiliate, revoked and rolled ones too (their calls happened), as GET /v1/usage.
    const covered = { affiliateCode: owner.affiliateCode, keys: await keys.listByCode(owner.affiliateCode) };
    const [body, admission] = await Promise.all([usageReport((...args) => usage.read(...args), covered, report, usage.now()), gate.peek(callerOf(key))]);
    const answer: UsageResponse = {
      ...body,
      allowance: { limit: admission.limit, remaining: admission.remaining, reset: admission.resetAt, used_percent: usedPercent(admission.limit, admission.remaining) },
    };
    addVary(reply, 'Accept');
    if (format === 'csv' || (format === undefined && prefersCsv(request.headers.accept))) {
      const name = `usage-${owner.affiliateCode}-${answer.from}-${answer.to}.csv`;
      return reply.type('text/csv; charset=utf-8').header('Content-Disposition', `attachment; filename="${name}"`).send(usageCsv(answer));
    }
    return reply.send(answer);
  });

  api('GET', '/keys', async (_request, reply, { owner }) => reply.send(await listKeys(keyServices, owner)));

  api('POST', '/keys', async (request, reply, { owner, actor }) => {
    const input = readJsonBody(CreateKeyBody, rawRequestOf(request), '{"kind": "publishable", "origins": ["https://blog.example"]}');
    const made = await management.createPublishable(owner, { origins: input.origins, label: input.label ?? null, visitorLimit: input.visitor_limit }, actor);
    const answer: CreatedKey = { key: made.secret, ...keyAnswer(made.record, new Map()) };
    return reply.code(201).send(answer);
  });

  api('PATCH', '/keys/:id', async (request, reply, { owner, actor }) => {
    const id = keyIdOf(request);
    const { label, origins, visitor_limit } = readJsonBody(UpdateKeyBody, rawRequestOf(request), '{"origins": ["https://blog.example"]}');
    const after = await management.updateOwn(owner, id, { label, origins, visitorLimit: visitor_limit }, actor);
    return reply.send(keyAnswer(after, await activityOf(usage, [after])));
  });

  api('DELETE', '/keys/:id', async (request, reply, { owner, actor }) => {
    const after = await management.revokeOwn(owner, keyIdOf(request), actor);
    return reply.send(keyAnswer(after, await activityOf(usage, [after])));
  });

  api('POST', '/keys/:id/roll', async (request, reply, { owner, actor, key }) => {
    const id = keyIdOf(request);
    const { grace_seconds } = readJsonBody(RollKeyBody, rawRequestOf(request), '{"grace_seconds": 3600}');
    const rolled = await management.rollOwn(owner, id, grace_seconds, actor);
    // Rolling the signed-in key ended its sessions (KeyManagement): the browser forgets the cookie too.
    if (rolled.old.id === key.id) reply.header('Set-Cookie', clearedCookie(secure(request)));
    const answer: RolledKey = { key: rolled.secret, new_key: keyAnswer(rolled.record, new Map()), old_key: keyAnswer(rolled.old, await activityOf(usage, [rolled.old])) };
    return reply.send(answer);
  });
}
