// The bundled data files of places/data: beside this module in the source tree; in a build
// (dist/src/places), the source tree's, which the build does not copy.
import { existsSync } from 'node:fs';

export function dataFile(name: string): URL | undefined {
  return [new URL(`./data/${name}`, import.meta.url), new URL(`../../../src/places/data/${name}`, import.meta.url)].find((url) => existsSync(url));
}
