// Types of write-reference.mjs, for the test that calls it on the sources.
export interface ReferenceSources {
  ConfigSchema: unknown;
  describeRule: (schema: never) => string;
  USAGE: string;
}
export declare const REFERENCE: { file: string; begin: string; end: string }[];
export declare function renderReference(sources: ReferenceSources): { file: string; text: string; wanted: string }[];
