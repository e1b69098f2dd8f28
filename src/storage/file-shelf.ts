// Where instances that share a database (PostgreSQL) but not a disk find the index files an
// import or another instance saved: a new instance copies the file to its own DATA_DIR instead
// of building the index again. SQLite needs none: its instances share the data directory.
export interface FileShelf {
  /**
   * Copies a local file onto the shelf under its base name, whole or not at all, and removes the
   * shelf's other files whose names begin with `prefix` that nobody put there lately. A file of
   * that name already there is kept unless `replace` (the one found there could not be used):
   * instances that built the same index at once upload it once. False when it was kept.
   */
  put(path: string, prefix: string, options?: { replace?: boolean }): Promise<boolean>;
  /** Copies a file from the shelf to `path` (written beside, then renamed); false when it has none of that name. */
  get(name: string, path: string): Promise<boolean>;
}
