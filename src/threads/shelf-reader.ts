// A running server copies a new catalog's index from the database's shelf on a thread of its own.
// The copy is tens of megabytes of base64 text decoded into the file: on the answering thread it
// held up calls for 11-21 s at 500,000-1,000,000 hotels (measured: a copy cost 0.8-1.0 s of
// processor in an empty heap, 3.1-4.2 s in a serving one, the rest collecting its garbage), long
// enough for three instances copying at once to fail their health checks together. Writing a
// file to the shelf stays where it was: only imports and starts do it.
import type { FileShelf } from '../storage/file-shelf.js';
import type { ShelfReadResult, ShelfReadStart } from './messages.js';
import { answerOfThread, threadEntry } from './thread-entry.js';

const ENTRY = threadEntry(import.meta.url, 'shelf-read-thread');

export class ShelfReadAside implements FileShelf {
  constructor(
    private readonly shelf: FileShelf,
    private readonly databaseUrl: string,
    private readonly timeoutMs: number,
  ) {}

  put(path: string, prefix: string, options?: { replace?: boolean }): Promise<boolean> {
    return this.shelf.put(path, prefix, options);
  }

  async get(name: string, path: string): Promise<boolean> {
    const start: ShelfReadStart = { databaseUrl: this.databaseUrl, timeoutMs: this.timeoutMs, name, path };
    const result = await answerOfThread<ShelfReadResult>(ENTRY, start, `copying ${name} from the database`);
    if ('found' in result) return result.found;
    throw new Error(result.error);
  }
}
