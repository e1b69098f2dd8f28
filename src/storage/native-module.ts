// A native addon (better-sqlite3) that cannot be loaded is a fault of the installation, not of
// DATA_DIR: the message says which Node.js it was built for and how to mend it.
import { ConfigError } from '../config.js';

/** Node.js major versions by the ABI number of their native modules (NODE_MODULE_VERSION). */
const NODE_OF_MODULE_VERSION: Record<number, number> = { 93: 16, 108: 18, 115: 20, 120: 21, 127: 22, 131: 23, 137: 24, 141: 25, 147: 26 };

const nodeOf = (moduleVersion: number) => {
  const major = NODE_OF_MODULE_VERSION[moduleVersion];
  return major ? `Node.js ${major} (module version ${moduleVersion})` : `module version ${moduleVersion}`;
};

/**
 * The installation error for a native module that failed to load, or null when `error` is not
 * one (then it is the data directory's).
 */
export function nativeModuleFailure(module: string, error: unknown): ConfigError | null {
  const { code, message = '' } = error as { code?: string; message?: string };
  if (code !== 'ERR_DLOPEN_FAILED') return null;
  const mend = `run \`npm rebuild ${module}\` (or \`npm ci\`) with the Node.js you start it with, or use Node.js 26 as .nvmrc says`;
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
