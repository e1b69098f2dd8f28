// hotel-affiliate gazetteer load|reset: use a GeoNames dump's cities (and their alternate
// names, and first-level divisions) instead of the bundled ones, with the dump's well-known
// islands, areas, lakes, mountains, parks and sights besides.
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
    options: {
      // Several geoname tables (per-country files: IT.txt, ES.txt) and their alternate names files may be given.
      cities: { type: 'string', multiple: true },
      'alternate-names': { type: 'string', multiple: true },
      admin1: { type: 'string' },
    },
    allowPositionals: true,
    strict: true,
  });
  if (positionals.length > 0 || !values.cities?.length) throw new GazetteerUsageError('gazetteer load needs --cities FILE');
  try {
    const loaded = await readGeonamesDump({ cities: values.cities, alternateNames: values['alternate-names'], admin1: values.admin1 });
    // Built once here so that a dump the service could not use is refused now, not at its start.
    gazetteerOf(loaded);
    writeGazetteerFile(config.DATA_DIR, loaded);
    const count = (n: number) => n.toLocaleString('en-US');
    const names = loaded.cities.reduce((n, c) => n + c.alternateNames.length, 0);
    const parts = [
      `${count(loaded.cities.length)} cities with ${count(names)} alternate names`,
      `${count(loaded.features?.length ?? 0)} other destinations (islands, areas, lakes, sights)`,
      ...(loaded.regions ? [`${count(loaded.regions.length)} regions`] : []),
    ];
    console.log(
      `Loaded ${parts.slice(0, -1).join(', ')} and ${parts.at(-1)} into ${gazetteerFilePath(config.DATA_DIR)}. ` +
        'Restart servers to use it.' +
        // Without the alternate names nothing tells a famous island from a rock: none are kept.
        (values['alternate-names'] ? '' : ' Islands, areas, lakes and sights need --alternate-names.'),
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
