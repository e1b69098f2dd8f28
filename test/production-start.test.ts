// The image, as far as a machine without a Docker engine can try it. The Dockerfile's runtime
// stage is made again in a temporary folder from its own COPY lines: the build's files (dist/ as
// `npm ci` or `npm run build` left it) and node_modules pruned by the build stage's own
// `npm prune` (hard links, so nothing is downloaded or compiled). Then the image's CMD is started
// there with the image's environment, and called over HTTP: a missing file or a dependency
// pruned that production needs fails here, as it would in the container.
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { copyFileSync, cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startNodeFlags } from '../src/start-flags.js';

const run = promisify(execFile);
const ROOT = fileURLToPath(new URL('..', import.meta.url));
const PUBLIC_BASE_URL = 'https://stays.test';

interface Instruction {
  keyword: string;
  args: string;
  stage: number;
}

/** The Dockerfile's instructions: continued lines joined, comments left out, each with its stage's number. */
function dockerfileInstructions(text: string): Instruction[] {
  const instructions: Instruction[] = [];
  let stage = -1;
  const logical = text
    .split('\n')
    .filter((line) => !/^\s*#/.test(line))
    .join('\n')
    .replace(/\\\n/g, ' ');
  for (const line of logical.split('\n')) {
    const m = /^\s*([A-Za-z]+)\s+(.*?)\s*$/.exec(line);
    if (!m) continue;
    const keyword = m[1].toUpperCase();
    if (keyword === 'FROM') stage++;
    instructions.push({ keyword, args: m[2].replace(/\s+/g, ' '), stage });
  }
  return instructions;
}

const instructions = dockerfileInstructions(readFileSync(join(ROOT, 'Dockerfile'), 'utf8'));
const lastStage = Math.max(...instructions.map((i) => i.stage));
const runtime = instructions.filter((i) => i.stage === lastStage);
const build = instructions.filter((i) => i.stage >= 0 && i.stage < lastStage);
const runtimeAll = (keyword: string) => runtime.filter((i) => i.keyword === keyword);
const runtimeOne = (keyword: string) => {
  const found = runtimeAll(keyword);
  expect(found.length, `one ${keyword} in the runtime stage`).toBe(1);
  return found[0].args;
};
const imageEnv = (): Record<string, string> =>
  Object.fromEntries(runtimeAll('ENV').flatMap((i) => i.args.split(' ').map((pair) => pair.split(/=(.*)/s).slice(0, 2) as [string, string])));

/** The runtime stage's COPY lines, each `COPY --from=build /app/PATH PATH`: what the image holds. */
function runtimeCopies(): string[] {
  return runtimeAll('COPY').map(({ args }) => {
    const m = /^--from=build \/app\/(\S+) (\S+)$/.exec(args);
    expect(m, `COPY ${args} copies one path of the build stage's /app to the same place`).not.toBeNull();
    expect(m![2], `COPY ${args} keeps the checkout's layout`).toBe(m![1]);
    return m![1];
  });
}

/** The build stage's prune, as its RUN line writes it. */
function pruneCommand(): string[] {
  const command = build.filter((i) => i.keyword === 'RUN').map((i) => /\bnpm prune [^&;|]*/.exec(i.args)?.[0]).find(Boolean);
  expect(command, 'the build stage runs npm prune').toBeDefined();
  expect(command).toMatch(/--omit=dev\b/);
  return command!.trim().split(' ');
}

describe('the Dockerfile', () => {
  it('runs package.json\'s start script as its CMD, in exec form with nothing in between', () => {
    const { scripts } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
    const cmd = JSON.parse(runtimeOne('CMD')) as string[];
    expect(cmd).toEqual(scripts.start.split(' '));
    expect(cmd).toEqual(['node', ...startNodeFlags(), 'dist/src/main.js']);
    // An ENTRYPOINT would put a program (or a shell) before node, which then would not receive SIGTERM.
    expect(runtimeAll('ENTRYPOINT')).toEqual([]);
    expect(runtimeOne('WORKDIR'), 'CMD\'s paths are relative to the package root').toBe('/app');
  });

  it('runs as a user other than root, keeps DATA_DIR in a volume, serves PORT, checks its health', () => {
    const user = runtimeOne('USER').split(':')[0];
    expect(['root', '0'], `USER ${user}`).not.toContain(user);
    const env = imageEnv();
    expect(env.NODE_ENV).toBe('production');
    expect(JSON.parse(runtimeOne('VOLUME')), 'VOLUME is DATA_DIR').toEqual([env.DATA_DIR]);
    expect(runtimeOne('EXPOSE'), 'EXPOSE is PORT').toBe(env.PORT);
    expect(runtimeOne('HEALTHCHECK'), 'a HEALTHCHECK in exec form').toMatch(/\bCMD \[/);
  });
});

describe('the image\'s runtime stage, made from the checkout', () => {
  // Made in beforeAll, so that a run that filters these tests out leaves no folder behind.
  let temp = '';
  let buildDir = '';
  let appDir = '';
  let dataDir = '';
  const hiddenLock = join(ROOT, 'node_modules', '.package-lock.json');
  let hiddenLockBefore: ReturnType<typeof statSync> | null = null;
  const started: ChildProcess[] = [];

  /** `cp -al` (hard links: instant, no copy of 600 MB), or a copy where links cannot be made. */
  async function linkTree(from: string, to: string) {
    mkdirSync(dirname(to), { recursive: true });
    try {
      await run('cp', ['-al', from, to]);
    } catch {
      rmSync(to, { recursive: true, force: true });
      await run('cp', ['-a', from, to]);
    }
  }

  beforeAll(async () => {
    temp = mkdtempSync(join(tmpdir(), 'hotel-affiliate-image-'));
    [buildDir, appDir, dataDir] = ['build', 'app', 'data'].map((name) => join(temp, name));
    for (const built of ['dist/src/main.js', 'dist/widget/v2.js']) {
      if (!existsSync(join(ROOT, built))) throw new Error(`${built} is missing: run npm run build (npm ci does) first`);
    }
    // The build stage's /app as far as npm prune reads it: the manifests, the workspace's, node_modules.
    for (const file of ['package.json', 'package-lock.json', 'clients/typescript/package.json']) {
      mkdirSync(dirname(join(buildDir, file)), { recursive: true });
      copyFileSync(join(ROOT, file), join(buildDir, file));
    }
    await linkTree(join(ROOT, 'node_modules'), join(buildDir, 'node_modules'));
    // npm rewrites its record of node_modules in place: a copy of its own, not a link to the checkout's.
    const buildHiddenLock = join(buildDir, 'node_modules', '.package-lock.json');
    if (existsSync(buildHiddenLock)) {
      rmSync(buildHiddenLock);
      copyFileSync(hiddenLock, buildHiddenLock);
    }
    hiddenLockBefore = existsSync(hiddenLock) ? statSync(hiddenLock) : null;
    const [npm, ...args] = pruneCommand();
    await run(npm, args, { cwd: buildDir });
    // The runtime stage: each COPY from the build stage, whose files are the checkout's but for node_modules.
    for (const path of runtimeCopies()) {
      const from = existsSync(join(buildDir, path)) ? join(buildDir, path) : join(ROOT, path);
      if (path === 'node_modules') await linkTree(from, join(appDir, path));
      else cpSync(from, join(appDir, path), { recursive: true });
    }
    mkdirSync(dataDir);
  }, 120_000);

  afterAll(() => {
    for (const child of started) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    if (temp) rmSync(temp, { recursive: true, force: true });
  });

  /** The process environment of the container: the image's ENV, then the test's. */
  function containerEnv(env: Record<string, string>): Record<string, string> {
    return { PATH: process.env.PATH ?? '', HOME: temp, TMPDIR: join(temp, 'tmp'), ...imageEnv(), DATA_DIR: dataDir, ...env };
  }

  /** The image's CMD started with this Node, its output kept; killed at the end if still running. */
  function startService(command: string[], env: Record<string, string>) {
    expect(command[0]).toBe('node');
    mkdirSync(join(temp, 'tmp'), { recursive: true });
    const child = spawn(process.execPath, command.slice(1), { cwd: appDir, env: containerEnv(env), stdio: ['ignore', 'pipe', 'pipe'] });
    started.push(child);
    let text = '';
    child.stdout!.on('data', (chunk: Buffer) => (text += chunk.toString()));
    child.stderr!.on('data', (chunk: Buffer) => (text += chunk.toString()));
    // 'close' comes once the output is read to its end.
    const exited = once(child, 'close').then(([code]) => code as number | null);
    return { child, exited, output: () => text };
  }

  /** A command of the image run with this Node, to its end. */
  function exec(command: string[], env: Record<string, string>) {
    expect(command[0]).toBe('node');
    return run(process.execPath, command.slice(1), { cwd: appDir, env: containerEnv(env), timeout: 60_000 });
  }

  it('holds the production dependencies and no devDependencies, and left the checkout\'s node_modules alone', () => {
    const pkg = JSON.parse(readFileSync(join(appDir, 'package.json'), 'utf8')) as { dependencies: object; devDependencies: object };
    const present = (name: string) => existsSync(join(appDir, 'node_modules', name, 'package.json'));
    expect(Object.keys(pkg.devDependencies).filter(present), 'devDependencies left in node_modules').toEqual([]);
    expect(Object.keys(pkg.dependencies).filter((name) => !present(name)), 'dependencies missing').toEqual([]);
    for (const name of ['typescript', 'vitest', 'tsx', 'esbuild']) expect(present(name), name).toBe(false);
    // Only the sources the runtime reads: the bundled place data, no TypeScript.
    const sources = readdirSync(join(appDir, 'src'), { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile());
    expect(sources.filter((entry) => !entry.name.endsWith('.json')).map((entry) => relative(appDir, join(entry.parentPath, entry.name)))).toEqual([]);
    // The prune worked on links to the checkout's files: the checkout must still have everything.
    expect(existsSync(join(ROOT, 'node_modules', 'typescript', 'package.json'))).toBe(true);
    if (hiddenLockBefore) expect(statSync(hiddenLock).mtimeMs, 'node_modules/.package-lock.json of the checkout unchanged').toBe(hiddenLockBefore.mtimeMs);
  });

  it('refuses to start in production without PUBLIC_BASE_URL', async () => {
    const cmd = JSON.parse(runtimeOne('CMD')) as string[];
    // A data directory of its own: a start that went ahead would build a catalog there.
    const service = startService(cmd, { PORT: '0', HOST: '127.0.0.1', DATA_DIR: join(temp, 'data-refused') });
    // It stops while checking its configuration, before it logs anything; one that logs went ahead.
    let code: number | null | string = 'still running';
    void service.exited.then((exitCode) => (code = exitCode));
    for (const deadline = Date.now() + 30_000; code === 'still running' && Date.now() < deadline && !service.output().includes('"level":30'); ) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    if (code === 'still running') await Promise.race([service.exited, new Promise((resolve) => setTimeout(resolve, 2000))]);
    if (code === 'still running') service.child.kill('SIGKILL');
    expect(code, `exit code without PUBLIC_BASE_URL:\n${service.output()}`).toBe(2);
    expect(service.output()).toContain('PUBLIC_BASE_URL');
  });

  // The first start builds the gazetteer and a demo catalog: 17 s alone on the 2-core machine, so
  // this test has more than the suite's usual minute for the start, the import and the drain.
  it('starts with the image\'s CMD, answers, takes an import from the command line, and drains on SIGTERM', async () => {
    const cmd = JSON.parse(runtimeOne('CMD')) as string[];
    const env = { PORT: '0', HOST: '127.0.0.1', PUBLIC_BASE_URL, DEMO_HOTELS: '2000', SHUTDOWN_DELAY_SECONDS: '1' };
    const service = startService(cmd, env);
    const output = service.output;

    let baseUrl: string | undefined;
    for (const deadline = Date.now() + 90_000; !baseUrl && Date.now() < deadline; ) {
      baseUrl = /"msg":"Server listening at (http:\/\/127\.0\.0\.1:\d+)"/.exec(output())?.[1];
      if (service.child.exitCode !== null) throw new Error(`the service exited with ${service.child.exitCode}:\n${output()}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(baseUrl, `the service listens:\n${output()}`).toBeDefined();
    const get = (path: string) => fetch(`${baseUrl}${path}`);
    const ready = async (hotels?: number) => {
      for (const deadline = Date.now() + 30_000; Date.now() < deadline; await new Promise((resolve) => setTimeout(resolve, 100))) {
        const answer = await get('/readyz');
        if (answer.status === 200 && (hotels === undefined || ((await answer.json()) as { catalog: { hotels: number } }).catalog.hotels === hotels)) return;
      }
      throw new Error(`not ready${hotels === undefined ? '' : ` with ${hotels} hotels`} within 30 s:\n${output()}`);
    };
    await ready();

    // A search, through the compiled service and the production node_modules.
    const search = await get('/hotels/search?destination=Lisbon&limit=2');
    expect(search.status).toBe(200);
    const body = (await search.json()) as { destination: string; hotels: { url: string; photo_url: string }[] };
    expect(body.destination).toBe('Lisbon, Portugal');
    expect(body.hotels.length).toBeGreaterThan(0);
    for (const hotel of body.hotels) {
      expect(hotel.url).toMatch(/^https:\/\/www\.stays\.example\/hotel\//);
      expect(hotel.photo_url.startsWith(`${PUBLIC_BASE_URL}/`), 'demo photos at PUBLIC_BASE_URL').toBe(true);
    }
    // Files read from the package root: the reference page and Swagger UI (node_modules), the widget (dist/widget).
    const docs = await get('/docs');
    expect(docs.status).toBe(200);
    expect(await docs.text()).toContain('swagger-ui-bundle.js');
    const swagger = await get('/docs/assets/swagger-ui-bundle.js');
    expect(swagger.status).toBe(200);
    expect((await swagger.text()).length).toBeGreaterThan(100_000);
    const widget = await get('/widget/v2.js');
    expect(widget.status).toBe(200);
    expect(widget.headers.get('content-type')).toMatch(/javascript/);
    expect(((await (await get('/openapi.json')).json()) as { servers: { url: string }[] }).servers[0].url).toBe(PUBLIC_BASE_URL);

    // The image's HEALTHCHECK command, run as Docker runs it inside the container.
    const healthCheck = JSON.parse(/\bCMD (\[.*\])$/.exec(runtimeOne('HEALTHCHECK'))![1]) as string[];
    const port = new URL(baseUrl!).port;
    await expect(exec(healthCheck, { PORT: port })).resolves.toBeDefined();

    // The command line: as the image puts it on the PATH (a link to bin/hotel-affiliate.js, run by
    // its #! line), and as the import Job and the compose import service run it.
    const [target, link] = /\bln -s (\/app\/\S+) (\S+)/.exec(runtimeAll('RUN').map((i) => i.args).join(' '))?.slice(1) ?? [];
    expect(link, 'the runtime stage links the command line onto the PATH').toBeDefined();
    const binDir = join(temp, 'path-bin');
    mkdirSync(binDir);
    symlinkSync(join(appDir, relative('/app', target)), join(binDir, basename(link)));
    const feed = join(temp, 'feed.ndjson');
    await run(basename(link), ['demo', '--count', '30', '--out', feed], { cwd: temp, env: containerEnv({ ...env, PATH: `${binDir}:${process.env.PATH}` }), timeout: 60_000 });
    await exec(['node', 'bin/hotel-affiliate.js', 'import', feed], env);
    await ready(30);

    service.child.kill('SIGTERM');
    expect(await service.exited, `exit code after SIGTERM:\n${output().slice(-2000)}`).toBe(0);
    expect(output()).toContain('"msg":"stopped"');
    await expect(exec(healthCheck, { PORT: port }), 'the health check fails once the service is gone').rejects.toMatchObject({ code: 1 });
  }, 150_000);
});
