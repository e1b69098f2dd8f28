// Compression of large answers, for clients that ask for it (Accept-Encoding). A 20-hotel
// search is 7–8 KB of JSON and compresses to about a fifth; answers under 1 KB are sent as
// they are (the bytes saved would not pay for the work). Brotli at quality 4 rather than its
// default 11: at 11 a search answer costs milliseconds of CPU, at 4 about as much as gzip for a
// smaller result. Request bodies are not inflated: a body sent compressed is read as sent (and
// refused as bad JSON), so the 64 KiB body limit always holds for what is parsed.
import { constants } from 'node:zlib';
import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

export const COMPRESSION_THRESHOLD_BYTES = 1024;

export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(compress, {
    globalDecompression: false,
    threshold: COMPRESSION_THRESHOLD_BYTES,
    encodings: ['br', 'gzip', 'deflate'],
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
  });
}
