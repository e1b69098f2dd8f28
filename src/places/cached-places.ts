// Remembers what a place provider said, up to a number of ids (least recently used go first):
// place ids are stable, and an external service is slow and billed per call. Failures are
// not remembered, so a provider that recovers is asked again.
import type { PlaceProvider, ProvidedPlace } from './place-provider.js';

export class CachedPlaceProvider implements PlaceProvider {
  // A Map iterates in insertion order: re-inserting on a hit keeps the oldest first.
  private readonly entries = new Map<string, ProvidedPlace | null>();

  constructor(
    private readonly provider: PlaceProvider,
    private readonly maxEntries: number,
  ) {}

  get size(): number {
    return this.entries.size;
  }

  async lookup(placeId: string, signal?: AbortSignal): Promise<ProvidedPlace | null> {
    if (this.entries.has(placeId)) {
      const place = this.entries.get(placeId)!;
      this.entries.delete(placeId);
      this.entries.set(placeId, place);
      return place;
    }
    const place = await this.provider.lookup(placeId, signal);
    this.entries.set(placeId, place);
    if (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    return place;
  }
}
