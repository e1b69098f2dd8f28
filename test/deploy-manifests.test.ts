// The deployment files of deploy/, checked for what an operator would otherwise find out in
// production: every Kubernetes object against the Kubernetes schemas (kubernetes-models: types,
// required fields, enumerations; it lets unknown fields through, so the fields that matter are
// read below by name and a misspelt one fails there), and the files against the service itself:
// its configuration schema, its start command, its probe paths and its drain times.
import { execFile } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { parse, parseAllDocuments } from 'yaml';
import { ConfigSchema, loadConfig } from '../src/config.js';
import { startNodeFlags } from '../src/start-flags.js';

const run = promisify(execFile);
const ROOT = fileURLToPath(new URL('..', import.meta.url));
const KUBERNETES = join(ROOT, 'deploy', 'kubernetes');
const COMPOSE_FILE = join(ROOT, 'deploy', 'compose.yaml');

/** Variables a deployment may set besides the service's own: the image's NODE_ENV. */
const NOT_IN_SCHEMA = new Set(['NODE_ENV']);
/** The probe paths of docs/operations.md. */
const LIVENESS = '/healthz';
const READINESS = '/readyz';
/** npm start's command: `node`, its flags and the entry point (package.json's start script). */
const START_COMMAND = ['node', ...startNodeFlags(), 'dist/src/main.js'];
/** PostgreSQL's default max_connections, which the autoscaler's largest size must fit in. */
const POSTGRES_MAX_CONNECTIONS = 100;

type Env = Record<string, string>;

interface K8sObject {
  apiVersion: string;
  kind: string;
  metadata: { name: string; labels?: Record<string, string>; annotations?: Record<string, string> };
  [field: string]: any;
}

function parseYaml(file: string): unknown[] {
  const documents = parseAllDocuments(readFileSync(file, 'utf8'));
  for (const document of documents) {
    if (document.errors.length > 0) throw new Error(`${file}: ${document.errors[0].message}`);
  }
  return documents.map((document) => document.toJS()).filter((value) => value != null);
}

const yamlFiles = readdirSync(KUBERNETES).filter((name) => /\.ya?ml$/.test(name));
const manifestFiles = yamlFiles.filter((name) => name !== 'kustomization.yaml');
const kustomization = parseYaml(join(KUBERNETES, 'kustomization.yaml'))[0] as any;
const objects: { file: string; object: K8sObject }[] = manifestFiles.flatMap((file) =>
  parseYaml(join(KUBERNETES, file)).map((object) => ({ file, object: object as K8sObject })),
);

function only(kind: string): K8sObject {
  const found = objects.filter(({ object }) => object.kind === kind);
  expect(found.length, `deploy/kubernetes holds one ${kind}`).toBe(1);
  return found[0].object;
}

const deployment = () => only('Deployment');
const podSpec = () => deployment().spec.template.spec;
const serviceContainer = () => {
  const containers = podSpec().containers as any[];
  expect(containers.length, 'the Deployment runs one container').toBe(1);
  return containers[0];
};
const importContainer = () => only('CronJob').spec.jobTemplate.spec.template.spec.containers[0];

/** A container's environment as the service sees it: its ConfigMaps and Secrets, then its own `env`. */
function containerEnv(container: any): Env {
  const env: Env = {};
  for (const source of container.envFrom ?? []) {
    if (source.configMapRef) {
      const configMap = objects.find(({ object }) => object.kind === 'ConfigMap' && object.metadata.name === source.configMapRef.name);
      expect(configMap, `ConfigMap ${source.configMapRef.name} that the container reads is in deploy/kubernetes`).toBeDefined();
      Object.assign(env, configMap!.object.data);
    }
    if (source.secretRef) {
      const secret = objects.find(({ object }) => object.kind === 'Secret' && object.metadata.name === source.secretRef.name);
      expect(secret, `Secret ${source.secretRef.name} that the container reads is in deploy/kubernetes`).toBeDefined();
      for (const [name, value] of Object.entries((secret!.object.data ?? {}) as Env)) env[name] = Buffer.from(value, 'base64').toString();
      Object.assign(env, secret!.object.stringData);
    }
  }
  for (const variable of container.env ?? []) {
    expect(variable.value, `${variable.name} is set by value, so this test can read it`).toBeTypeOf('string');
    env[variable.name] = variable.value;
  }
  return env;
}

/** A setting as the service would take it: from `env`, else ConfigSchema's default. */
function setting(env: Env, name: keyof typeof ConfigSchema.properties): number {
  const value = env[name] ?? (ConfigSchema.properties[name] as { default?: unknown }).default;
  expect(value, `${name} is set or has a default`).toBeDefined();
  return Number(value);
}

function expectServiceVariables(env: Env, where: string) {
  const unknown = Object.keys(env).filter((name) => !(name in ConfigSchema.properties) && !NOT_IN_SCHEMA.has(name));
  expect(unknown, `${where} sets variables the service does not read (src/config.ts)`).toEqual([]);
  // The values pass the service's own rules, as its start would check them.
  expect(() => loadConfig(env), where).not.toThrow();
}

/** Seconds of a duration as compose writes it: "40s", "1m30s", or a number of seconds. */
function composeSeconds(duration: string | number): number {
  if (typeof duration === 'number') return duration;
  const parts = [...duration.matchAll(/(\d+(?:\.\d+)?)(h|ms|m|s|us)/g)];
  expect(parts.map((m) => m[0]).join(''), `duration ${duration}`).toBe(duration);
  const unit: Record<string, number> = { h: 3600, m: 60, s: 1, ms: 0.001, us: 0.000001 };
  return parts.reduce((sum, m) => sum + Number(m[1]) * unit[m[2]], 0);
}

/** The URL path of a health check command that fetches http://127.0.0.1:…/PATH. */
function healthCheckPath(command: string): string {
  // A path written as a string of its own ('/healthz'), or at the end of a URL.
  const path = /['"`](\/[\w/-]*)['"`]/.exec(command)?.[1] ?? /https?:\/\/[^/'"`\s]+(\/[\w/-]*)/.exec(command)?.[1];
  expect(path, `a path in the health check ${command}`).toBeDefined();
  return path!;
}

describe('Kubernetes manifests (deploy/kubernetes)', () => {
  it.each(objects.map(({ file, object }) => [`${file}: ${object.kind} ${object.metadata?.name}`, object] as const))(
    '%s is valid against the Kubernetes schemas',
    async (_name, object) => {
      expect(object.apiVersion, 'apiVersion').toBeTypeOf('string');
      expect(object.kind, 'kind').toBeTypeOf('string');
      expect(object.metadata?.name, 'metadata.name').toBeTypeOf('string');
      // kubernetes-models has a module per kind under its group and version: apps/v1/Deployment.
      const module = (await import(`kubernetes-models/${object.apiVersion}/${object.kind}`)) as Record<string, new (data: object) => { validate(): void }>;
      const Model = module[object.kind];
      expect(Model, `kubernetes-models knows ${object.apiVersion} ${object.kind}`).toBeTypeOf('function');
      expect(() => new Model(object).validate()).not.toThrow();
    },
  );

  it('the kustomization lists every manifest of the folder and names the containers\' image', () => {
    expect(kustomization.apiVersion).toBe('kustomize.config.k8s.io/v1beta1');
    expect(kustomization.kind).toBe('Kustomization');
    expect([...kustomization.resources].sort()).toEqual([...manifestFiles].sort());
    // kustomize replaces an image only where a container names it exactly.
    const imageNames = (kustomization.images as { name: string }[]).map((image) => image.name);
    for (const container of [serviceContainer(), importContainer()]) expect(imageNames, `image of ${container.name}`).toContain(container.image);
  });

  it('renders with kustomize (kubectl kustomize, where kubectl is installed)', async (context) => {
    const rendered = await run('kubectl', ['kustomize', KUBERNETES]).catch((error: NodeJS.ErrnoException & { stderr?: string }) => {
      if (error.code === 'ENOENT') context.skip('kubectl is not installed: the base is not rendered');
      throw new Error(`kubectl kustomize failed: ${error.stderr ?? error.message}`);
    });
    const output = parseAllDocuments(rendered.stdout).map((document) => document.toJS() as K8sObject);
    expect(output.map((object) => `${object.kind}/${object.metadata.name}`).sort()).toEqual(objects.map(({ object }) => `${object.kind}/${object.metadata.name}`).sort());
    const { newName, newTag } = kustomization.images[0];
    for (const object of output.filter((o) => o.kind === 'Deployment' || o.kind === 'CronJob')) {
      const spec = object.kind === 'CronJob' ? object.spec.jobTemplate.spec.template.spec : object.spec.template.spec;
      for (const container of spec.containers) expect(container.image, `${object.kind} ${object.metadata.name}`).toBe(`${newName}:${newTag}`);
    }
  });

  it('sets only variables the service reads, with values its configuration accepts', () => {
    for (const kind of ['ConfigMap', 'Secret']) {
      const object = only(kind);
      const data: Env = { ...(object.data ?? {}), ...(object.stringData ?? {}) };
      expectServiceVariables(data, `${kind} ${object.metadata.name}`);
    }
    expectServiceVariables(containerEnv(serviceContainer()), 'the Deployment\'s container');
    expectServiceVariables(containerEnv(importContainer()), 'the import\'s container');
  });

  it('starts the service as npm start does, as a non-root user on a read-only root with DATA_DIR and /tmp writable', () => {
    const container = serviceContainer();
    expect(container.command, 'the container command is package.json\'s start script').toEqual(START_COMMAND);
    expect(container.args, 'no args after the start command').toBeUndefined();
    const spec = podSpec();
    const user = container.securityContext?.runAsUser ?? spec.securityContext?.runAsUser;
    expect(spec.securityContext?.runAsNonRoot ?? container.securityContext?.runAsNonRoot, 'runAsNonRoot').toBe(true);
    expect(user, 'runAsUser is a user other than root').toBeGreaterThan(0);
    expect(container.securityContext?.readOnlyRootFilesystem, 'readOnlyRootFilesystem').toBe(true);
    expect(container.securityContext?.allowPrivilegeEscalation, 'allowPrivilegeEscalation').toBe(false);
    // What the service writes: DATA_DIR, and the temporary folder (Node's compile cache).
    const env = containerEnv(container);
    for (const path of [env.DATA_DIR, '/tmp']) {
      const mount = (container.volumeMounts as any[]).find((m) => m.mountPath === path);
      expect(mount, `a volume mounted at ${path}`).toBeDefined();
      expect(mount.readOnly, `${path} is writable`).not.toBe(true);
      const volume = (spec.volumes as any[]).find((v) => v.name === mount.name);
      expect(volume?.emptyDir, `${path} is an emptyDir of the pod`).toBeDefined();
    }
  });

  it('probes /healthz and /readyz on the port the service listens on, and the Service reaches that port', () => {
    const container = serviceContainer();
    const env = containerEnv(container);
    const port = setting(env, 'PORT');
    const portNumber = (ref: string | number) => (typeof ref === 'number' ? ref : container.ports.find((p: any) => p.name === ref)?.containerPort);
    expect((container.ports as any[]).map((p) => p.containerPort), 'PORT is a container port').toContain(port);
    for (const [probe, path] of [['readinessProbe', READINESS], ['livenessProbe', LIVENESS], ['startupProbe', LIVENESS]] as const) {
      expect(container[probe]?.httpGet?.path, `${probe} path`).toBe(path);
      expect(portNumber(container[probe].httpGet.port), `${probe} port`).toBe(port);
    }
    const service = only('Service');
    expect(service.spec.ports.map((p: any) => portNumber(p.targetPort)), 'the Service\'s target port').toEqual([port]);
  });

  it('lets Prometheus scrape METRICS_PORT, a port of the container', () => {
    const container = serviceContainer();
    const metricsPort = setting(containerEnv(container), 'METRICS_PORT');
    expect((container.ports as any[]).map((p) => p.containerPort), 'METRICS_PORT is a container port').toContain(metricsPort);
    const annotations = deployment().spec.template.metadata.annotations;
    expect(annotations['prometheus.io/scrape']).toBe('true');
    expect(Number(annotations['prometheus.io/port'])).toBe(metricsPort);
    expect(annotations['prometheus.io/path']).toBe('/metrics');
  });

  it('gives the drain its time: grace period past delay and timeout, readiness noticed within the delay', () => {
    const container = serviceContainer();
    const env = containerEnv(container);
    const delay = setting(env, 'SHUTDOWN_DELAY_SECONDS');
    const drain = delay + setting(env, 'SHUTDOWN_TIMEOUT_SECONDS');
    expect(podSpec().terminationGracePeriodSeconds, `terminationGracePeriodSeconds exceeds ${drain} s of drain`).toBeGreaterThan(drain);
    const readiness = container.readinessProbe;
    expect(readiness.periodSeconds * readiness.failureThreshold, 'seconds until readiness fails, at most the drain\'s delay').toBeLessThanOrEqual(delay);
  });

  it('keeps capacity through rollouts and evictions, and every selector finds the pods', () => {
    const spec = deployment().spec;
    expect(spec.strategy.rollingUpdate.maxUnavailable, 'maxUnavailable').toBe(0);
    const podLabels = spec.template.metadata.labels as Record<string, string>;
    const selects = (selector: Record<string, string>) => Object.entries(selector).every(([name, value]) => podLabels[name] === value);
    expect(selects(spec.selector.matchLabels), 'the Deployment\'s selector').toBe(true);
    expect(selects(only('Service').spec.selector), 'the Service\'s selector').toBe(true);
    const budget = only('PodDisruptionBudget');
    expect(selects(budget.spec.selector.matchLabels), 'the PodDisruptionBudget\'s selector').toBe(true);
    const hpa = only('HorizontalPodAutoscaler');
    expect(hpa.spec.scaleTargetRef).toMatchObject({ apiVersion: 'apps/v1', kind: 'Deployment', name: deployment().metadata.name });
    expect(hpa.spec.minReplicas, 'the autoscaler\'s minimum is the Deployment\'s replicas').toBe(spec.replicas);
    // A budget that allows no eviction blocks node drains for ever.
    const allowed = budget.spec.maxUnavailable ?? spec.replicas - budget.spec.minAvailable;
    expect(allowed, 'evictions the PodDisruptionBudget allows at the minimum size').toBeGreaterThanOrEqual(1);
  });

  it('requests a processor per serving thread, and fits the largest size in PostgreSQL\'s connections', () => {
    const container = serviceContainer();
    const env = containerEnv(container);
    const threads = setting(env, 'HTTP_THREADS');
    expect(Number(container.resources.requests.cpu), 'CPU request per HTTP_THREADS').toBeGreaterThanOrEqual(threads);
    expect(container.resources.limits.memory, 'a memory limit').toBeDefined();
    const connections = only('HorizontalPodAutoscaler').spec.maxReplicas * threads * setting(env, 'DATABASE_POOL_MAX');
    expect(connections, `maxReplicas x HTTP_THREADS x DATABASE_POOL_MAX within ${POSTGRES_MAX_CONNECTIONS}`).toBeLessThan(POSTGRES_MAX_CONNECTIONS);
  });

  it('imports with the command line from the feeds volume, only when asked', () => {
    const cronJob = only('CronJob');
    expect(cronJob.spec.suspend, 'the import CronJob is a template for imports, suspended').toBe(true);
    const container = importContainer();
    const [node, cli, command, feed] = container.command as string[];
    expect([node, command]).toEqual(['node', 'import']);
    expect(existsSync(join(ROOT, cli)), `${cli} is the command line`).toBe(true);
    const mount = (container.volumeMounts as any[]).find((m) => feed.startsWith(`${m.mountPath}/`));
    expect(mount, `a volume holds the feed ${feed}`).toBeDefined();
    const volume = cronJob.spec.jobTemplate.spec.template.spec.volumes.find((v: any) => v.name === mount.name);
    const claim = volume.persistentVolumeClaim?.claimName;
    expect(objects.some(({ object }) => object.kind === 'PersistentVolumeClaim' && object.metadata.name === claim), `the claim ${claim} is in deploy/kubernetes`).toBe(true);
    expect(containerEnv(container).DATABASE_URL, 'the import writes the shared catalog').toMatch(/^postgres/);
  });
});

describe('compose file (deploy/compose.yaml)', () => {
  // Compose merges `<<: *app` as YAML 1.1 merge keys.
  const compose = parse(readFileSync(COMPOSE_FILE, 'utf8'), { merge: true }) as any;
  const services = compose.services as Record<string, any>;
  const serviceImage = services.app1?.image as string;
  const appServices = Object.entries(services).filter(([, s]) => s.image === serviceImage);
  const composeEnv = (service: any): Env => {
    const env = service.environment ?? {};
    const pairs: [string, unknown][] = Array.isArray(env) ? env.map((line: string) => line.split(/=(.*)/s).slice(0, 2) as [string, string]) : Object.entries(env);
    return Object.fromEntries(pairs.map(([name, value]) => [name, String(value)]));
  };
  const instances = () => appServices.filter(([, s]) => !s.profiles);
  /** A short-syntax volume's source and target ("SOURCE:TARGET[:MODE]"; a source may be "${VAR:-default}"). */
  const volumeParts = (volume: string) => {
    const [source, target] = volume.replace(/\$\{([^}:]*)(?::-([^}]*))?\}/g, (_m, _name, fallback) => fallback ?? '').split(':');
    return { source, target };
  };

  it('builds one image from the repository for three instances and the import', () => {
    expect(appServices.map(([name]) => name).sort()).toEqual(['app1', 'app2', 'app3', 'import']);
    for (const [name, service] of appServices) {
      expect(resolve(dirname(COMPOSE_FILE), service.build), `${name} builds the repository`).toBe(resolve(ROOT));
    }
  });

  it('sets only variables the service reads, with values its configuration accepts', () => {
    for (const [name, service] of appServices) expectServiceVariables(composeEnv(service), `compose service ${name}`);
  });

  it('gives the drain its time before Docker kills an instance', () => {
    for (const [name, service] of instances()) {
      const env = composeEnv(service);
      const drain = setting(env, 'SHUTDOWN_DELAY_SECONDS') + setting(env, 'SHUTDOWN_TIMEOUT_SECONDS');
      expect(composeSeconds(service.stop_grace_period ?? '10s'), `${name}'s stop_grace_period exceeds ${drain} s`).toBeGreaterThan(drain);
    }
  });

  it('checks health on the service\'s probe paths, in the image and in compose', () => {
    const dockerfile = readFileSync(join(ROOT, 'Dockerfile'), 'utf8').replace(/\\\n/g, ' ');
    const imageCheck = /^HEALTHCHECK\s.*?\bCMD\s+(.*)$/m.exec(dockerfile)?.[1];
    expect(imageCheck, 'the Dockerfile has a HEALTHCHECK').toBeDefined();
    expect([LIVENESS, READINESS]).toContain(healthCheckPath(imageCheck!));
    for (const [name, service] of instances()) {
      const test = service.healthcheck?.test;
      if (test) expect([LIVENESS, READINESS], `${name}'s health check`).toContain(healthCheckPath(test.join(' ')));
    }
  });

  it('believes X-Forwarded-For from the network HAProxy reaches the instances on', () => {
    const haproxyNetworks = services.haproxy.networks as string[];
    const subnets = haproxyNetworks.flatMap((network) => (compose.networks[network]?.ipam?.config ?? []).map((c: any) => c.subnet as string));
    expect(subnets.length, 'HAProxy\'s network has a fixed subnet').toBeGreaterThan(0);
    for (const [name, service] of instances()) {
      const trusted = composeEnv(service).TRUSTED_PROXIES?.split(',').map((entry) => entry.trim()) ?? [];
      for (const subnet of subnets) expect(trusted, `${name}'s TRUSTED_PROXIES`).toContain(subnet);
      expect(service.networks, `${name} is on HAProxy's network`).toEqual(expect.arrayContaining(haproxyNetworks));
    }
  });

  it('points HAProxy at each instance\'s port and waits for them to be healthy', () => {
    const haproxy = services.haproxy;
    const env = composeEnv(haproxy);
    const instanceNames = instances().map(([name]) => name);
    const targets = Object.entries(env).filter(([name]) => /^STAYS_SERVER_\d+$/.test(name)).map(([, value]) => value);
    expect(targets.sort()).toEqual(instanceNames.map((name) => `${name}:${setting(composeEnv(services[name]), 'PORT')}`).sort());
    for (const name of instanceNames) expect(haproxy.depends_on[name]?.condition, `HAProxy waits for ${name}`).toBe('service_healthy');
    // PUBLIC_BASE_URL is HAProxy's published port on this machine.
    const published = (haproxy.ports as string[]).map((p) => Number(String(p).split(':')[0]));
    for (const name of instanceNames) expect(published, `${name}'s PUBLIC_BASE_URL port`).toContain(Number(new URL(composeEnv(services[name]).PUBLIC_BASE_URL).port));
    // Every condition names a service there is, and service_healthy one with a health check.
    for (const [name, service] of Object.entries(services)) {
      for (const [dependency, { condition }] of Object.entries((service.depends_on ?? {}) as Record<string, { condition: string }>)) {
        expect(services[dependency], `${name} depends on ${dependency}`).toBeDefined();
        const checked = services[dependency].healthcheck || services[dependency].image === serviceImage;
        if (condition === 'service_healthy') expect(checked, `${dependency} has a health check for ${name} to wait on`).toBeTruthy();
      }
    }
  });

  it('mounts deploy/haproxy.cfg into HAProxy, and the file reads the backends compose sets', (context) => {
    const mount = (services.haproxy.volumes as string[]).map(volumeParts).find(({ target }) => target === '/usr/local/etc/haproxy/haproxy.cfg');
    expect(mount, 'HAProxy\'s configuration is mounted where the official image reads it').toBeDefined();
    const file = resolve(dirname(COMPOSE_FILE), mount!.source);
    expect(file).toBe(join(ROOT, 'deploy', 'haproxy.cfg'));
    if (!existsSync(file)) context.skip('deploy/haproxy.cfg does not exist yet: the mount names it, its content is not checked');
    const config = readFileSync(file, 'utf8');
    const env = composeEnv(services.haproxy);
    for (const name of Object.keys(env)) expect(config, `haproxy.cfg reads ${name}`).toMatch(new RegExp(`\\$\\{?${name}\\b`));
    // Its bind addresses with the variables expanded: compose's values, else the file's own presetenv defaults.
    const defaults = Object.fromEntries([...config.matchAll(/^\s*presetenv\s+(\S+)\s+(\S+)/gm)].map((m) => [m[1], m[2]]));
    const expand = (text: string) => text.replace(/"?\$\{(\w+)\}"?/g, (_m, name: string) => env[name] ?? defaults[name] ?? '');
    const binds = [...config.matchAll(/^\s*bind\s+(\S+)/gm)].map((m) => expand(m[1]));
    const containerPorts = (services.haproxy.ports as string[]).map((p) => String(p).split(':').at(-1));
    for (const port of containerPorts) expect(binds, `haproxy.cfg listens on the published port ${port}`).toContainEqual(expect.stringMatching(new RegExp(`:${port}$`)));
  });

  it('imports on demand with the command line, from a mounted feeds folder', () => {
    const service = services.import;
    expect(service.profiles).toEqual(['import']);
    const [node, cli, command, feed] = service.command as string[];
    expect([node, command]).toEqual(['node', 'import']);
    expect(existsSync(join(ROOT, cli)), `${cli} is the command line`).toBe(true);
    const mounted = (service.volumes as string[]).some((volume) => feed.startsWith(`${volumeParts(volume).target}/`));
    expect(mounted, `a volume holds the feed ${feed}`).toBe(true);
  });
});
