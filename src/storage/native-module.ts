// A native addon (better-sqlite3) that cannot be loaded is a fault of the installation, not of
// DATA_DIR: the message says which Node.js it was built for and how to mend it.
import { dirname, resolve } from 'node:path';
import { ConfigError } from '../config.js';

/** Node.js major versions by the ABI number of their native modules (NODE_MODULE_VERSION). */
const NODE_OF_MODULE_VERSION: Record<number, number> = { 93: 16, 108: 18, 115: 20, 120: 21, 127: 22, 131: 23, 137: 24, 141: 25, 147: 26 };

const nodeOf = (moduleVersion: number) => {
  const major = NODE_OF_MODULE_VERSION[moduleVersion];
  return major ? `Node.js ${major} (module version ${moduleVersion})` : `module version ${moduleVersion}`;
};

/** The folder of the Node.js running this (its bin/ and include/ beside each other), whose headers a rebuild needs. */
export function thisNodeDir(execPath = process.execPath): string {
  return dirname(dirname(execPath));
}

/**
 * How to mend it. npm builds native modules against the headers its `nodedir` setting names when
 * set (npm_config_nodedir, .npmrc), not against the Node.js that runs the service: on a machine
 * whose npm names another Node's headers, a plain rebuild makes the same wrong module again.
 */
function mendFor(module: string, env: NodeJS.ProcessEnv): string {
  const own = thisNodeDir();
  const rebuild = `run \`npm rebuild ${module}\` (or \`npm ci\`) with the Node.js you start it with, or use Node.js 26 as .nvmrc says`;
  const named = env.npm_config_nodedir;
  const nodedir =
    named && resolve(named) !== own
      ? `npm's nodedir setting names another Node.js (${named}), whose headers a rebuild would use again: run \`npm rebuild ${module} --nodedir=${own}\``
      : `if the rebuild ends in this message again, npm builds against another Node's headers (see \`npm config get nodedir\`): run \`npm rebuild ${module} --nodedir=${own}\``;
  return `${rebuild}; ${nodedir}`;
}

/**
 * The installation error for a native module that failed to load, or null when `error` is not
 * one (then it is the data directory's).
 */
export function nativeModuleFailure(module: string, error: unknown, env: NodeJS.ProcessEnv = process.env): ConfigError | null {
  const { code, message = '' } = error as { code?: string; message?: string };
  if (code !== 'ERR_DLOPEN_FAILED') return null;
  const mend = mendFor(module, env);
  // "…compiled against a different Node.js version using NODE_MODULE_VERSION 147. This version of
  // Node.js requires NODE_MODULE_VERSION 115…"
  const [built, wanted] = [...message.matchAll(/NODE_MODULE_VERSION (\d+)/g)].map((m) => Number(m[1]));
  if (built !== undefined && wanted !== undefined) {
    return new ConfigError(
      `installation: ${module} was built for ${nodeOf(built)}, and this is Node.js ${process.versions.node} (module version ${wanted}); ${mend}`,
    );
  }
  return new ConfigError(`installation: ${module}'s native module cannot be loaded (${message.split('\n')[0]}); ${mend}`);
}
