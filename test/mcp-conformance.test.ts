// The official MCP conformance suite (@modelcontextprotocol/conformance) against the service's
// /mcp, for the server scenarios that apply to a server of tools alone. Not run: scenarios that
// need the suite's own test tools, prompts, resources, logging, sampling or elicitation, which
// this server does not offer; and DNS-rebinding protection, which guards servers on localhost
// from web pages: this is a public API that any page may already call (CORS is open), so it
// answers whatever Host it is reached by.
import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIXTURE_HOTELS } from './support/fixture-hotels.js';
import { startTestService, type TestService } from './support/test-service.js';

const suite = join(dirname(createRequire(import.meta.url).resolve('@modelcontextprotocol/conformance/package.json')), 'dist/index.js');

let t: TestService;
beforeAll(async () => {
  t = await startTestService(FIXTURE_HOTELS);
});
afterAll(async () => t?.close());

describe('MCP conformance', () => {
  it.each(['server-initialize', 'ping', 'tools-list'])('passes %s', async (scenario) => {
    const { stdout } = await promisify(execFile)(process.execPath, [suite, 'server', '--url', `${t.baseUrl}/mcp`, '--scenario', scenario], { timeout: 60_000 });
    expect(stdout).toMatch(/Passed: (\d+)\/\1, 0 failed/);
  }, 60_000);
});
