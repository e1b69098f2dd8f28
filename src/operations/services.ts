// What the operations need, wired once at start-up and shared by every transport.
import type { HotHotels } from '../catalog/hot-hotels.js';
import type { UsageRecorder } from '../usage/usage-recorder.js';
import type { KeyStore } from '../keys/key-store.js';
import type { KeyManagement } from '../keys/key-management.js';
import type { CatalogStore } from '../catalog/store.js';
import { upstreamUnavailable } from '../errors.js';
import type { AffiliateLinker } from '../links/affiliate-link.js';
import type { LinkSettings } from '../links/link-settings.js';
import type { DestinationResolver } from '../places/destination-resolver.js';
import type { PlaceProvider } from '../places/place-provider.js';
import type { PlaceSuggestions } from '../places/place-suggestions.js';
import type { LocalNames } from '../places/local-names.js';
import type { CatalogIndex } from '../search/catalog-index.js';
import type { IndexInUse } from '../search/live-index.js';

export interface CatalogServices {
  liveIndex: IndexInUse;
  store: CatalogStore;
  resolver: DestinationResolver;
  places: PlaceProvider;
  placeSuggestions: PlaceSuggestions;
  /** Place names in the traveller's language. */
  names: LocalNames;
  links: LinkSettings;
  linker: AffiliateLinker;
  /** The most opened hotels, remembered; without it every hotel is read from the store. */
  hotHotels?: HotHotels;
  /** What the service did for each key, for usage reports; without it there are none. */
  usage?: UsageRecorder;
  /** The affiliates' keys, for reports that cover every key of an affiliate. */
  keys?: Pick<KeyStore, 'listByCode'>;
  /** Key changes by the affiliate (and the console, the admin API); without it keys cannot be managed. */
  keyManagement?: KeyManagement;
}

/** The index in use; 503 before the first catalog has been imported. */
export function currentIndex(services: CatalogServices): CatalogIndex {
  const index = services.liveIndex.current;
  if (!index) throw upstreamUnavailable('no hotel catalog has been imported yet; try again once one is loaded', 30);
  return index;
}
