// hotel-affiliate import FILE: replace the catalog with an NDJSON feed, atomically, in its turn
// after any import already under way.
import { gazetteerCountryCodes } from '../../catalog/country-codes.js';
import { FeedError } from '../../catalog/feed.js';
import { importFeedFile } from '../../catalog/import.js';
import type { Config } from '../../config.js';
import { openStorage } from '../../storage/storage.js';
import { importProgress } from '../progress.js';

export async function importCommand(config: Config, file: string): Promise<number> {
  const storage = await openStorage(config);
  const progress = importProgress();
  const started = performance.now();
  try {
    const version = await importFeedFile(storage.catalog, gazetteerCountryCodes(), file, {
      onProgress: (p) => progress.update(p),
      onWait: () => console.error('Waiting for another import to finish… (Ctrl-C stops this one and changes nothing)'),
    });
    progress.stop();
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    console.log(
      `Imported ${version.hotelCount.toLocaleString('en-US')} hotels from ${file} as catalog generation ` +
        `${version.generation} in ${seconds} s. Running servers switch to it within ${config.CATALOG_POLL_SECONDS} s.`,
    );
    return 0;
  } catch (error) {
    progress.stop();
    if (error instanceof FeedError) {
      console.error(`Import stopped${error.line > 0 ? ' at ' : ': '}${error.message}. The catalog in use was not changed.`);
      return 1;
    }
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
      console.error(`Cannot read ${file}: no such file. The catalog in use was not changed.`);
      return 1;
    }
    throw error;
  } finally {
    await storage.close();
  }
}
