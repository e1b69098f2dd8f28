// hotel-affiliate gazetteer load|reset: use a GeoNames dump's cities (and their alternate
// names, and first-level divisions) instead of the bundled ones.
import { parseArgs } from 'node:util';
import type { Config } from '../../config.js';
import {
  gazetteerFilePath,
  gazetteerOf,
  readGeonamesDump,
  removeGazetteerFile,
  writeGazetteerFile,
} from '../../places/gazetteer-file.js';
import { GeoNamesFormatError } from '../../places/geonames-dump.js';

export class GazetteerUsageError extends Error {}

export async function gazetteerCommand(config: Config, args: string[]): Promise<number> {
  const [action, ...rest] = args;
  if (action === 'reset') {
    const removed = removeGazetteerFile(config.DATA_DIR);
    console.log(removed ? 'Removed the loaded gazetteer; restart servers to use the bundled one.' : 'No gazetteer was loaded; the bundled one is in use.');
    return 0;
  }
  if (action !== 'load') throw new GazetteerUsageError(`gazetteer takes load or reset (got ${JSON.stringify(action ?? '')})`);
  const { values, positionals } = parseArgs({
    args: rest,
    options: { cities: { type: 'string' }, 'alternate-names': { type: 'string' }, admin1: { type: 'string' } },
    allowPositionals: true,
    strict: true,
  });
  if (positionals.length > 0 || !values.cities) throw new GazetteerUsageError('gazetteer load needs --cities FILE');
  try {
    const loaded = await readGeonamesDump({ cities: values.cities, alternateNames: values['alternate-names'], admin1: values.admin1 });
    // Built once here so that a dump the service could not use is refused now, not at its start.
    gazetteerOf(loaded);
    writeGazetteerFile(config.DATA_DIR, loaded);
    const names = loaded.cities.reduce((n, c) => n + c.alternateNames.length, 0);
    console.log(
      `Loaded ${loaded.cities.length.toLocaleString('en-US')} cities with ${names.toLocaleString('en-US')} alternate names` +
        `${loaded.regions ? ` and ${loaded.regions.length.toLocaleString('en-US')} regions` : ''} into ${gazetteerFilePath(config.DATA_DIR)}. ` +
        'Restart servers to use it.',
    );
    return 0;
  } catch (error) {
    if (error instanceof GeoNamesFormatError) {
      console.error(`Cannot load the gazetteer: ${error.message}. The gazetteer in use was not changed.`);
      return 1;
    }
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
      console.error(`Cannot load the gazetteer: no such file ${(error as NodeJS.ErrnoException).path}. The gazetteer in use was not changed.`);
      return 1;
    }
    throw error;
  }
}
