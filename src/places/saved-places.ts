// The gazetteer and the place suggestions a server starts with, kept built beside the catalog
// indexes: reading them back takes a fraction of the 2-3 s building them from the data packages
// (or a loaded dump) does. A file is used only for the same gazetteer and the same code.
import { existsSync } from 'node:fs';
import { basename, join } from 'node:path';
import type { Logger } from 'pino';
import { codeFingerprint } from '../snapshot/code-fingerprint.js';
import type { FileShelf } from '../storage/file-shelf.js';
import type { SnapshotClasses } from '../snapshot/graph-file.js';
import { readSaved, saveInFolder } from '../snapshot/saved-graph.js';
import { KdTree } from '../search/kd-tree.js';
import { IndexBuffer } from '../search/index-buffer.js';
import { KeyIndex } from '../text/key-index.js';
import { RangeBest } from '../search/prefix-ranges.js';
import { SortedTexts } from '../search/sorted-texts.js';
import { Gazetteer } from './gazetteer.js';
import { gazetteerFor, gazetteerIdentity } from './gazetteer-file.js';
import { PlaceNames } from './place-names.js';
import { PlaceSuggestions } from './place-suggestions.js';
import { TypoIndex } from './typo-index.js';
import { makeDirectories } from '../storage/directories.js';

const CLASSES: SnapshotClasses = { Gazetteer, IndexBuffer, KdTree, KeyIndex, PlaceNames, PlaceSuggestions, RangeBest, SortedTexts, TypoIndex };
const PREFIX = 'gazetteer-';

/** Where the places of this code are saved in `saveDir`. */
export function savedPlacesPath(saveDir: string): string {
  return join(saveDir, `${PREFIX}${codeFingerprint().slice(0, 12)}.bin`);
}

export interface PlaceIndexes {
  gazetteer: Gazetteer;
  suggestions: PlaceSuggestions;
}

interface PlacesMeta {
  kind: 'places';
  code: string;
  gazetteer: string;
}

export interface OpenedPlaces {
  places: PlaceIndexes;
  /** Copying a file it saved onto the shelf (a server does not wait for it; the CLI does). */
  sharing: Promise<void>;
}

/**
 * The places of a data directory: read from `saveDir` when saved there (or on the shelf) for
 * this gazetteer and code, else built (and saved, when `saveDir` is given, and put on the shelf).
 * A gazetteer file that cannot be read throws, as building does; a saved file that cannot be
 * read, or a shelf that cannot be reached, is only logged.
 */
export async function openPlaceIndexes(dataDir: string, saveDir: string | null, logger: Logger, shelf: FileShelf | null = null): Promise<OpenedPlaces> {
  const done = Promise.resolve();
  if (saveDir === null) return { places: built(dataDir), sharing: done };
  const meta: PlacesMeta = { kind: 'places', code: codeFingerprint(), gazetteer: gazetteerIdentity(dataDir) };
  const path = savedPlacesPath(saveDir);
  if (shelf && !existsSync(path)) {
    try {
      makeDirectories(saveDir);
      await shelf.get(basename(path), path);
    } catch (error) {
      logger.warn({ err: error }, 'saved gazetteer not copied from the database; building it');
    }
  }
  // A file there that cannot be used (damaged, another gazetteer's) is replaced on the shelf too.
  const unusable = existsSync(path);
  const saved = readSavedPlaces(path, meta, logger);
  if (saved) return { places: saved, sharing: done };
  const places = built(dataDir);
  try {
    saveInFolder(saveDir, PREFIX, path, meta, places, { classes: CLASSES });
  } catch (error) {
    logger.warn({ err: error }, 'gazetteer not saved; the next start builds it again');
    return { places, sharing: done };
  }
  const sharing = shelf
    ? shelf.put(path, PREFIX, { replace: unusable }).then(
        () => undefined,
        (error: unknown) => logger.warn({ err: error }, 'saved gazetteer not copied to the database'),
      )
    : done;
  return { places, sharing };
}

function built(dataDir: string): PlaceIndexes {
  const gazetteer = gazetteerFor(dataDir);
  return { gazetteer, suggestions: new PlaceSuggestions(gazetteer) };
}

function readSavedPlaces(path: string, meta: PlacesMeta, logger: Logger): PlaceIndexes | null {
  const { value, problem } = readSaved(path, meta, { classes: CLASSES });
  const places = value as PlaceIndexes | null;
  if (places !== null && places.gazetteer instanceof Gazetteer && places.suggestions instanceof PlaceSuggestions) return places;
  if (places !== null || problem !== undefined) logger.warn({ err: problem ?? new Error(`${path} does not hold the places it says`) }, 'saved gazetteer not readable; building it');
  return null;
}
