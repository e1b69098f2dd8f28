// Every example the documentation shows works on a fresh start's demo catalog: the curl commands
// of the README, docs/, the client's README and the /docs guide, and each operation of the
// OpenAPI document called with its parameters' examples, answering what its answer example shows.
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { curlExamples, programs, repositoryDocuments, type DocExample } from './support/doc-examples.js';
import { startTestService, type TestService } from './support/test-service.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
/** The address the documents write; the test's own service answers in its place. */
const DOC_BASE = 'http://localhost:8080';
/** The affiliate code of the OpenAPI examples' links, and the origin the docs make publishable keys for. */
const EXAMPLE_CODE = 'acme-travel';
const EXAMPLE_ORIGIN = 'https://your.blog';

let t: TestService;
let secret: string;
let publishable: string;
let operator: string;
let guide: string;
let openApi: any;

beforeAll(async () => {
  // The demo catalog as `npm start` builds it (its default size), and room for every keyless example.
  t = await startTestService(null, { DEMO_CATALOG: 'true', LIMIT_KEYLESS_PER_HOUR: '100000' });
  secret = (await t.service.keys.create({ tier: 'partner', affiliateCode: EXAMPLE_CODE, label: null })).secret;
  publishable = (
    await t.service.keys.create({ tier: 'standard', affiliateCode: EXAMPLE_CODE, label: null, publishable: { origins: [EXAMPLE_ORIGIN], visitorLimit: 100000 } })
  ).secret;
  operator = (await t.service.account.operators.create('doc examples')).secret;
  openApi = (await t.request('/openapi.json')).body;
  guide = openApi.info.description;
});
afterAll(async () => t?.close());

/** The example as the reader runs it: our address for the documents', real keys for the placeholders. */
async function run(example: DocExample): Promise<{ status: number; text: string; type: string }> {
  const fill = (text: string) =>
    text
      .replaceAll(DOC_BASE, t.baseUrl)
      .replaceAll('$STAYS_PUBLISHABLE_KEY', publishable)
      .replaceAll('live_pk_…', publishable)
      .replaceAll('$STAYS_KEY', secret)
      .replaceAll('$OPERATOR_KEY', operator)
      .replaceAll('live_…', secret);
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(example.headers)) headers[name] = fill(value);
  const url = fill(example.url);
  // A publishable key is accepted from its page's origin, as the browser sends it.
  if (url.includes(publishable) || headers.authorization?.includes(publishable)) headers.origin ??= EXAMPLE_ORIGIN;
  if (example.body !== undefined) headers['content-type'] ??= 'application/json';
  expect(url.startsWith(t.baseUrl), `${example.where}: ${example.command} calls another address`).toBe(true);
  const answer = await fetch(url, { method: example.method, headers, body: example.body === undefined ? undefined : fill(example.body) });
  return { status: answer.status, text: await answer.text(), type: answer.headers.get('content-type') ?? '' };
}

async function expectWorks(example: DocExample) {
  const { status, text, type } = await run(example);
  const where = `${example.where}: ${example.command}\n→ ${status} ${text.slice(0, 300)}`;
  if (example.expect !== null) expect(status, where).toBe(example.expect);
  else expect(status >= 200 && status < 300, where).toBe(true);
  if (type.startsWith('application/json')) expect(() => JSON.parse(text), where).not.toThrow();
}

describe('the documents\' curl examples', () => {
  it('the /docs guide: each first call and example answers as it says', async () => {
    const examples = curlExamples(guide, '/docs guide');
    expect(examples.length).toBeGreaterThanOrEqual(5);
    for (const example of examples) await expectWorks(example);
  });

  it('README.md, docs/ and the client\'s README: each curl example answers as it says', async () => {
    const documents = repositoryDocuments(ROOT);
    const examples = documents.flatMap((d) => curlExamples(d.text, d.name));
    expect(examples.filter((e) => e.where.startsWith('README.md')).length).toBeGreaterThanOrEqual(3);
    for (const example of examples) await expectWorks(example);
  });
});

const runFile = promisify(execFile);

/**
 * A program of the documents, run as a reader runs it (Node.js for TypeScript, which strips the
 * types; python3 with requests), against this service with the key in STAYS_KEY.
 */
async function runProgram(language: 'ts' | 'python', code: string, where: string): Promise<string> {
  const source = code.replaceAll(DOC_BASE, t.baseUrl);
  // Beside the repository's packages, so that the client's name resolves as it does for an
  // installer (Node.js strips types only outside node_modules).
  const dir = mkdtempSync(join(tmpdir(), 'doc-example-'));
  symlinkSync(join(ROOT, 'node_modules'), join(dir, 'node_modules'));
  const file = join(dir, `example.${language === 'ts' ? 'mts' : 'py'}`);
  writeFileSync(file, source);
  try {
    const { stdout } = await runFile(language === 'ts' ? process.execPath : 'python3', [file], {
      env: { ...process.env, STAYS_KEY: secret },
      timeout: 30_000,
    });
    return stdout;
  } catch (error) {
    const { stdout, stderr } = error as { stdout?: string; stderr?: string };
    throw new Error(`${where} failed:\n${stderr || stdout || String(error)}`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('the documents\' programs', () => {
  it('every TypeScript and Python program of README.md, docs/ and the client\'s README runs and prints', async () => {
    const documents = repositoryDocuments(ROOT);
    const found = documents.flatMap((d) => [
      ...programs(d.text, d.name, 'ts').map((p) => ({ ...p, language: 'ts' as const })),
      ...programs(d.text, d.name, 'python').map((p) => ({ ...p, language: 'python' as const })),
    ]);
    expect(found.some((p) => p.where.startsWith('clients/typescript/README.md'))).toBe(true);
    for (const { language, code, where } of found) {
      expect(code, `${where} calls another address than the one the documents run on`).not.toMatch(/https?:\/\/(?!localhost:8080|www\.stays\.example)[a-z]/);
      const printed = await runProgram(language, code, where);
      expect(printed.trim(), `${where} printed nothing`).not.toBe('');
      expect(printed, where).not.toMatch(/undefined|NaN|\bnull\b calls left/);
    }
  });
});

/** Keys of the answer examples the service's answer must hold with the same values. */
const SAME = {
  card: ['id', 'name', 'stars', 'rating', 'review_count', 'address', 'latitude', 'longitude', 'distance_km', 'url'],
  hotel: ['id', 'name', 'stars', 'rating', 'review_count', 'address', 'city', 'country_code', 'latitude', 'longitude', 'description', 'amenities', 'url'],
};
const pick = (o: Record<string, unknown>, keys: string[]) => Object.fromEntries(keys.map((k) => [k, o[k]]));

/** Query parameters that exclude each other: one request each. */
const ONE_OF = ['destination', 'place_id'];

function exampleRequests(path: string, operation: any): { url: string; body?: string }[] {
  let target = path;
  const query: [string, string][] = [];
  const either: [string, string][] = [];
  for (const parameter of operation.parameters ?? []) {
    const value = parameter.schema?.examples?.[0];
    if (value === undefined || parameter.in === 'header') continue;
    if (parameter.in === 'path') target = target.replace(`{${parameter.name}}`, value);
    else (ONE_OF.includes(parameter.name) ? either : query).push([parameter.name, String(value)]);
  }
  const schemaRef = operation.requestBody?.content?.['application/json']?.schema?.$ref as string | undefined;
  const body = schemaRef
    ? JSON.stringify(
        Object.fromEntries(
          Object.entries(openApi.components.schemas[schemaRef.split('/').pop()!].properties).map(([name, p]: [string, any]) => [name, p.examples[0]]),
        ),
      )
    : undefined;
  const choices = either.length > 0 ? either.map((one) => [...query, one]) : [query];
  return choices.map((q) => ({ url: `${target}?${new URLSearchParams(q)}`, body }));
}

describe('the OpenAPI document\'s examples', () => {
  it('each operation, called with its parameters\' examples, answers 200 with what its answer example shows', async () => {
    const operations = Object.entries(openApi.paths as Record<string, Record<string, any>>).flatMap(([path, methods]) =>
      Object.entries(methods)
        .filter(([, op]) => op?.operationId)
        .map(([method, op]) => ({ path, method, op })),
    );
    expect(operations.map((o) => o.op.operationId).sort()).toEqual([
      'createKey',
      'createLinks',
      'findHotel',
      'getHotel',
      'getUsage',
      'listKeys',
      'revokeKey',
      'rollKey',
      'searchHotels',
      'suggest',
      'updateKey',
    ]);
    // The key operations change keys: they are called in their own order below.
    for (const { path, method, op } of operations.filter((o) => !o.op.tags.includes('keys'))) {
      const example = op.responses['200'].content['application/json'].example;
      for (const { url, body } of exampleRequests(path, op)) {
        const r = await t.request(url, {
          method: method.toUpperCase(),
          headers: { authorization: `Bearer ${secret}`, ...(body ? { 'content-type': 'application/json' } : {}) },
          body,
        });
        const where = `${op.operationId}: ${method.toUpperCase()} ${url}`;
        expect(r.status, `${where} → ${JSON.stringify(r.body).slice(0, 300)}`).toBe(200);
        // The same fields, of the same kinds.
        for (const [key, value] of Object.entries(example)) expect(typeof r.body[key], `${where}: ${key}`).toBe(typeof value);
        switch (op.operationId) {
          case 'searchHotels':
            expect(r.body.destination, where).toBe(example.destination);
            expect(r.body.total, where).toBe(example.total);
            example.hotels.forEach((h: any, k: number) => expect(pick(r.body.hotels[k], SAME.card), where).toEqual(pick(h, SAME.card)));
            break;
          case 'findHotel':
            expect(pick(r.body.hotel, SAME.card), where).toEqual(pick(example.hotel, SAME.card));
            example.matches.forEach((h: any, k: number) => expect(pick(r.body.matches[k], SAME.card), where).toEqual(pick(h, SAME.card)));
            expect(r.body.city, where).toBe(example.city);
            break;
          case 'getHotel':
            expect(pick(r.body, SAME.hotel), where).toEqual(pick(example, SAME.hotel));
            expect(r.body.photos, where).toHaveLength(example.photos.length);
            break;
          case 'suggest':
            example.places.forEach((p: any, k: number) => expect(r.body.places[k], where).toEqual(p));
            example.hotels.forEach((h: any, k: number) => expect(r.body.hotels[k], where).toEqual(h));
            break;
          case 'createLinks':
            expect(r.body.links[0], where).toEqual(example.links[0]);
            break;
          case 'getUsage':
            expect(Object.keys(r.body).sort(), where).toEqual(Object.keys(example).sort());
            break;
        }
      }
    }
  });

  it('each key operation, called as its examples show, answers with the fields of its answer example', async () => {
    const op = (path: string, method: string) => openApi.paths[path][method];
    const call = async (path: string, method: string, body?: unknown) => {
      const r = await t.request(path, {
        method: method.toUpperCase(),
        headers: { authorization: `Bearer ${secret}`, ...(body ? { 'content-type': 'application/json' } : {}) },
        body: body ? JSON.stringify(body) : undefined,
      });
      const documented = op(path.replace(/key_[A-Za-z0-9]+/, '{id}'), method);
      const status = documented.responses['201'] ? '201' : '200';
      expect(r.status, `${method} ${path} → ${JSON.stringify(r.body).slice(0, 300)}`).toBe(Number(status));
      const example = documented.responses[status].content['application/json'].example;
      expect(Object.keys(r.body).sort(), `${method} ${path}`).toEqual(Object.keys(example).sort());
      return r.body;
    };
    const exampleOf = (name: string) =>
      Object.fromEntries(
        Object.entries(openApi.components.schemas[name].properties as Record<string, any>)
          .filter(([, p]) => p.examples)
          .map(([field, p]) => [field, p.examples[0]]),
      );
    await call('/keys', 'get');
    const made = await call('/keys', 'post', { kind: 'publishable', ...exampleOf('CreateKeyRequest') });
    await call(`/keys/${made.id}`, 'patch', exampleOf('UpdateKeyRequest'));
    await call(`/keys/${made.id}`, 'delete');
    const own = (await call('/keys', 'get')).keys.find((k: { kind: string }) => k.kind === 'secret');
    const rolled = await call(`/keys/${own.id}/roll`, 'post', exampleOf('RollKeyRequest'));
    secret = rolled.key;
  });
});
