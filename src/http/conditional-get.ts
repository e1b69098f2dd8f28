// Answers that caches may keep: hotel details and the OpenAPI document carry Cache-Control and
// an ETag, and a request whose If-None-Match holds that tag is answered 304 Not Modified
// without the body.
//   - A hotel's details change only with a catalog import, so a client may keep them 5 minutes.
//     They are `private`: the links in them carry the caller's affiliate code, so a shared cache
//     must not hand one affiliate's answer to another (`Vary: Authorization` says so too).
//   - A 304 of a hotel is a call like any other and costs 1: the key is checked and the hotel
//     read to know whether it changed. It saves the bytes, not the allowance.
//   - Suggestions too change only with an import (or the gazetteer), and a search box asks for
//     the same text again as people type back: kept 5 minutes, private, counted as suggestions.
//   - The OpenAPI document is the same for everyone and costs nothing; `public`.
//   - Errors get neither, so a client never revalidates a 404 into a 304.
// The tag is weak (W/"…"), a hash of the JSON before compression: the same answer has the same
// tag whether it travels as brotli, gzip or plain bytes (RFC 9110 §8.8.1). This hook must run
// before the compression hook, which is why it is ours rather than @fastify/etag's (which
// hashes every answer, searches included, and after compression when registered in a scope).
// Searches are not cached: their answers are short-lived rankings, and hashing each would add
// its cost to every search.
import { hash } from 'node:crypto';
import type { onSendHookHandler } from 'fastify';
import { addVary } from './vary.js';

export const HOTEL_CACHE_CONTROL = 'private, max-age=300';
export const SUGGESTIONS_CACHE_CONTROL = 'private, max-age=300';
export const DOCUMENT_CACHE_CONTROL = 'public, max-age=300';

// One-shot hash(): a Hash object per answer (createHash) cost about a tenth of a hotel by id
// under load, mostly in making the object and collecting it.
function weakTag(body: string): string {
  return `W/"${hash('sha1', body, 'base64url')}"`;
}

/** If-None-Match compares weakly (RFC 9110 §13.1.2): a listed tag, W/ or not, or `*`. */
export function ifNoneMatchHolds(header: string | undefined, tag: string): boolean {
  if (header === undefined) return false;
  const opaque = tag.slice(2);
  return header.split(',').some((listed) => {
    const candidate = listed.trim();
    return candidate === '*' || (candidate.startsWith('W/') ? candidate.slice(2) : candidate) === opaque;
  });
}

/**
 * The onSend hook of a route whose successful answers caches may keep with `cacheControl`. A
 * route's own hooks run after the application's and before those plugins add to it afterwards
 * (compression), so the tag is the JSON's.
 */
export function conditionalGet(cacheControl: string): onSendHookHandler {
  const isPrivate = cacheControl.startsWith('private');
  return (request, reply, payload, done) => {
    if (reply.statusCode !== 200 || typeof payload !== 'string') {
      done(null, payload);
      return;
    }
    const tag = weakTag(payload);
    reply.header('ETag', tag).header('Cache-Control', cacheControl);
    if (isPrivate) addVary(reply, 'Authorization');
    if (ifNoneMatchHolds(request.headers['if-none-match'], tag)) {
      reply.code(304);
      done(null, '');
      return;
    }
    done(null, payload);
  };
}
