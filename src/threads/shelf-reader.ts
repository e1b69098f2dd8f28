// A running server copies a new catalog's index from the database's shelf on a thread of its own.
// The copy is tens of megabytes of base64 text decoded into the file: on the answering thread it
// held up calls for 11-21 s at 500,000-1,000,000 hotels (measured: a copy cost 0.8-1.0 s of
// processor in an empty heap, 3.1-4.2 s in a serving one, the rest collecting its garbage), long
// enough for three instances copying at once to fail their health checks together. Writing a
// file to the shelf stays where it was: only imports and starts do it.
import { Worker } from 'node:worker_threads';
import type { FileShelf } from '../storage/file-shelf.js';
import type { ShelfReadResult, ShelfReadStart } from './messages.js';
import { threadEntry } from './thread-entry.js';

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

  get(name: string, path: string): Promise<boolean> {
    const start: ShelfReadStart = { databaseUrl: this.databaseUrl, timeoutMs: this.timeoutMs, name, path };
    const worker = new Worker(ENTRY.url, { ...ENTRY.options, workerData: start });
    return new Promise((resolve, reject) => {
      let answered = false;
      worker.once('message', (result: ShelfReadResult) => {
        answered = true;
        if ('found' in result) resolve(result.found);
        else reject(new Error(result.error));
      });
      worker.once('error', (error) => {
        answered = true;
        reject(error);
      });
      worker.once('exit', (code) => {
        if (!answered) reject(new Error(`the thread copying ${name} from the database ended with code ${code}`));
      });
    });
  }
}
