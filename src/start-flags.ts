// The Node flags `npm start` runs the service with, read from package.json's start script, so that
// what else starts the service "as npm start does" (the bench, the tests' service processes) gives
// it the same ones, and the script stays the one place they are written.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { packageRoot } from './package-root.js';

const START_SCRIPT = /^node((?: --[\w-]+(?:=\S+)?)*) dist\/src\/main\.js$/;

export function startNodeFlags(): string[] {
  const { scripts } = JSON.parse(readFileSync(join(packageRoot(), 'package.json'), 'utf8')) as { scripts: { start: string } };
  const flags = START_SCRIPT.exec(scripts.start);
  if (!flags) throw new Error(`package.json's start script is not "node [--flags] dist/src/main.js": ${scripts.start}`);
  return flags[1].split(' ').filter((flag) => flag !== '');
}
