// Compression of large answers, for clients that ask for it (Accept-Encoding). A 20-hotel
// search is 7–8 KB of JSON and compresses to a fifth or less; answers under 1 KB are sent as
// they are (the bytes saved would not pay for the work). gzip is preferred when a client takes
// both: on a 7 KB search answer it costs 40 µs of CPU for about 740 bytes, brotli 68 µs at
// quality 4 for about 580 (and 7 ms at its default quality 11, hence the setting). The service
// is bound by CPU per answer, not by bytes. Request bodies are not inflated: a body sent
// compressed is read as sent (and refused as bad JSON), so the 64 KiB body limit always holds
// for what is parsed.
import { constants } from 'node:zlib';
import compress from '@fastify/compress';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { addVary } from './vary.js';

export const COMPRESSION_THRESHOLD_BYTES = 1024;

/**
 * An answer large enough to be compressed for a client that asks depends on Accept-Encoding
 * whether or not this client asked: its uncompressed form says so too (RFC 9110, Vary), which
 * the plugin only writes on the compressed one. Called from the app's onSend hook, which runs
 * before the plugin's (added to each route); the plugin keeps the header as it finds it.
 */
export function varyUncompressed(reply: FastifyReply, payload: unknown): void {
  if (typeof payload !== 'string' || reply.hasHeader('content-encoding')) return;
  // A string's length is a lower bound of its UTF-8 size, and a third of an upper one.
  if (payload.length * 3 < COMPRESSION_THRESHOLD_BYTES) return;
  if (payload.length < COMPRESSION_THRESHOLD_BYTES && Buffer.byteLength(payload) < COMPRESSION_THRESHOLD_BYTES) return;
  addVary(reply, 'accept-encoding');
}

export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(compress, {
    globalDecompression: false,
    threshold: COMPRESSION_THRESHOLD_BYTES,
    encodings: ['gzip', 'br', 'deflate'],
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
  });
}
