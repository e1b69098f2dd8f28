// How the held-back set judges an answer: by where it is, never by what the service calls it.
// A search answer is placed by its hotels (the hotel nearest the centre, for answers that give
// distances from one; else the hotel nearest all the others), a suggestion or an alternative by
// a search of its place_id. See README.md in this folder.
import { readFileSync } from 'node:fs';
import type { TestService } from '../../support/test-service.js';

export interface Point {
  lat: number;
  lng: number;
}

/** Where an answer is: a point (and how far the place's centre may be from it, in km), or why it has none. */
export type Placed =
  | { kind: 'placed'; at: Point; slackKm: number; country: string }
  | { kind: '404' }
  | { kind: 'empty' }
  | { kind: 'error'; status: number; code: string };

interface Card {
  id: string;
  latitude: number | null;
  longitude: number | null;
  distance_km: number | null;
}

export interface Alternative {
  place_id: string;
  label: string;
  kind: string;
  country_code: string;
}

export function heldBackData<T>(file: string): T {
  return JSON.parse(readFileSync(new URL(`./${file}`, import.meta.url), 'utf8')) as T;
}

export function distanceKm(a: Point, b: Point): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLng = (b.lng - a.lng) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.min(1, Math.sqrt(h)));
}

/**
 * The centre hotels' distances were measured from: the point whose distances to the hotels best
 * match theirs (a search on a shrinking grid around the hotel nearest it), and the worst mismatch.
 */
function centreOf(hotels: { at: Point; km: number }[]): { at: Point; slackKm: number } {
  const nearest = hotels.reduce((a, b) => (b.km < a.km ? b : a));
  if (hotels.length < 3) return { at: nearest.at, slackKm: nearest.km };
  const misfit = (p: Point): number => hotels.reduce((s, h) => s + (distanceKm(p, h.at) - h.km) ** 2, 0);
  let best = nearest.at;
  let bestMisfit = misfit(best);
  const kmPerLat = 111.2;
  for (let spanKm = Math.max(2, nearest.km * 1.5); spanKm > 0.05; spanKm /= 4) {
    const centre = best;
    const kmPerLng = kmPerLat * Math.max(0.05, Math.cos((centre.lat * Math.PI) / 180));
    for (let i = -10; i <= 10; i++) {
      for (let j = -10; j <= 10; j++) {
        const p = { lat: centre.lat + (i * spanKm) / 10 / kmPerLat, lng: centre.lng + (j * spanKm) / 10 / kmPerLng };
        const m = misfit(p);
        if (m < bestMisfit) [best, bestMisfit] = [p, m];
      }
    }
  }
  return { at: best, slackKm: Math.max(...hotels.map((h) => Math.abs(distanceKm(best, h.at) - h.km))) };
}

/** The point of a page of hotels: the centre their distances are from, or else the hotel nearest all the others. */
function placeOf(hotels: Card[]): Placed {
  const located = hotels.filter((h) => h.latitude !== null && h.longitude !== null);
  if (located.length === 0) return { kind: 'empty' };
  const point = (h: Card): Point => ({ lat: h.latitude!, lng: h.longitude! });
  const country = located[0]!.id.split('/')[1]!.toUpperCase();
  const withDistance = located.filter((h) => h.distance_km !== null);
  if (withDistance.length > 0) return { kind: 'placed', ...centreOf(withDistance.map((h) => ({ at: point(h), km: h.distance_km! }))), country };
  let best = located[0]!;
  let bestSum = Infinity;
  for (const h of located) {
    const sum = located.reduce((s, o) => s + distanceKm(point(h), point(o)), 0);
    if (sum < bestSum) [best, bestSum] = [h, sum];
  }
  return { kind: 'placed', at: point(best), slackKm: 0, country };
}

export interface SearchAnswer {
  placed: Placed;
  destination: string | null;
  alternatives: Alternative[];
}

/** A search (any query string but limit), placed. */
export async function searchPlaced(t: TestService, query: string): Promise<SearchAnswer> {
  const r = await t.request(`/v1/hotels/search?limit=20&${query}`);
  if (r.status === 404 && r.body.error?.code === 'not_found') return { placed: { kind: '404' }, destination: null, alternatives: [] };
  if (r.status !== 200) return { placed: { kind: 'error', status: r.status, code: String(r.body.error?.code) }, destination: null, alternatives: [] };
  return { placed: placeOf(r.body.hotels as Card[]), destination: r.body.destination as string, alternatives: (r.body.alternatives ?? []) as Alternative[] };
}

/** Places a place_id (once per test service: the answers do not change within a run). */
export function placeIdLocator(t: TestService): (placeId: string) => Promise<Placed> {
  const known = new Map<string, Promise<Placed>>();
  return (placeId) => {
    let p = known.get(placeId);
    if (!p) known.set(placeId, (p = searchPlaced(t, `place_id=${encodeURIComponent(placeId)}`).then((a) => a.placed)));
    return p;
  };
}

/** The radius (km) the service searches around a place that has no hotel of its own, at most. */
export const FALLBACK_KM = 50;

/** How far the catalog's hotel nearest a point is, within FALLBACK_KM (null: none so near). */
export async function nearestHotelKm(t: TestService, point: Point): Promise<number | null> {
  const r = await t.request(`/v1/hotels/search?lat=${point.lat}&lng=${point.lng}&radius_km=${FALLBACK_KM}&limit=1&sort=distance`);
  return ((r.body.hotels ?? []) as Card[])[0]?.distance_km ?? null;
}

/**
 * Whether an answer with no hotel at all is surely more than km from a point: the service shows
 * the hotels within FALLBACK_KM of a city, airport, sight, area or country without hotels of its
 * own, so a place answered empty lies more than FALLBACK_KM from every hotel, and more than
 * FALLBACK_KM - h from the point when a hotel is h km from it. (A region is the exception: it holds
 * only its cities' hotels.)
 */
export async function emptyIsFarther(t: TestService, point: Point, km: number): Promise<boolean> {
  const h = await nearestHotelKm(t, point);
  return h !== null && FALLBACK_KM - h > km;
}

/** How far a placed answer is from a point, or null if it has no place. */
export function kmFrom(placed: Placed, point: Point): number | null {
  return placed.kind === 'placed' ? distanceKm(placed.at, point) : null;
}

export function describe(placed: Placed, point: Point, destination: string | null = null): string {
  if (placed.kind === '404') return '404';
  if (placed.kind === 'empty') return `${JSON.stringify(destination)} with no hotel to place it`;
  if (placed.kind === 'error') return `${placed.status} ${placed.code}`;
  return `${JSON.stringify(destination ?? '')} ${Math.round(distanceKm(placed.at, point))} km away (${placed.country})`;
}

/** Tallies right, wrong and unjudged cases under a name, and prints them. */
export class Tally {
  readonly right = new Map<string, number>();
  readonly wrong = new Map<string, string[]>();
  readonly unjudged = new Map<string, string[]>();

  add(category: string, outcome: 'right' | 'wrong' | 'unjudged', note = ''): void {
    if (!this.right.has(category)) [this.right.set(category, 0), this.wrong.set(category, []), this.unjudged.set(category, [])];
    if (outcome === 'right') this.right.set(category, this.right.get(category)! + 1);
    else (outcome === 'wrong' ? this.wrong : this.unjudged).get(category)!.push(note);
  }

  judged(category: string): number {
    return (this.right.get(category) ?? 0) + (this.wrong.get(category)?.length ?? 0);
  }

  print(title: string, shownWrong = 12): string {
    const lines = [`${title}:`];
    for (const [category, right] of this.right) {
      const wrong = this.wrong.get(category)!;
      const unjudged = this.unjudged.get(category)!;
      const judged = right + wrong.length;
      const pct = judged === 0 ? '—' : `${((right / judged) * 100).toFixed(1)}%`;
      lines.push(`  ${category}: ${right} of ${judged} right (${pct})${unjudged.length ? `, ${unjudged.length} unjudged` : ''}`);
      for (const w of wrong.slice(0, shownWrong)) lines.push(`      ✗ ${w}`);
      if (wrong.length > shownWrong) lines.push(`      … and ${wrong.length - shownWrong} more`);
      for (const u of unjudged.slice(0, 3)) lines.push(`      ? ${u}`);
    }
    const text = lines.join('\n');
    console.log(text);
    return text;
  }
}
