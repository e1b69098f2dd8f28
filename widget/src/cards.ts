// A hotel as a card: photo (linked from the service's photo_url, lazily, with a tidy stand-in
// when it fails to load), name, stars, guest score, distance, and the credited link; and the
// credit of display rule 3 beneath the hotels. Every word in the reader's language. The same
// card is a row of <stays-search layout="list"> (styles.ts: a thumbnail, no address).
import type { HotelCard } from './api.js';
import { h } from './dom.js';
import type { Texts } from './i18n.js';

/** What a card shows: a search's card, or one hotel's record (which has no distance). */
export type CardHotel = Pick<HotelCard, 'name' | 'stars' | 'rating' | 'review_count' | 'address' | 'photo_url' | 'url'> & { distance_km?: number | null };

function stars(count: number | null, texts: Texts): HTMLElement | null {
  if (count === null || count < 1) return null;
  return h('span', { class: 'stars', part: 'stars', role: 'img', 'aria-label': texts.t('stars', { count }) }, '★'.repeat(Math.round(count)));
}

function score(hotel: CardHotel, texts: Texts): HTMLElement | null {
  if (hotel.rating === null) return null;
  const reviews = hotel.review_count ? ` · ${texts.t('reviews', { count: hotel.review_count })}` : '';
  return h('span', { class: 'meta' }, h('span', { class: 'score' }, texts.t('score', { score: texts.decimal(hotel.rating) })), reviews);
}

/** A stand-in of the hotel's first letter where there is no photo, or it did not load. */
function noPhoto(name: string): HTMLElement {
  return h('span', { class: 'nophoto', part: 'photo', 'aria-hidden': 'true' }, name.trim().charAt(0).toUpperCase() || '•');
}

function photo(hotel: CardHotel): HTMLElement {
  if (!hotel.photo_url) return noPhoto(hotel.name);
  // Decorative: the card's link names the hotel. No referrer: the photo host needs no page address.
  const img = h('img', { class: 'photo', part: 'photo', src: hotel.photo_url, alt: '', loading: 'lazy', decoding: 'async', referrerpolicy: 'no-referrer' });
  img.addEventListener('error', () => img.replaceWith(noPhoto(hotel.name)), { once: true });
  return img;
}

/** The card's link. `from`: how a distance is said ("fromCentre", "away"). */
export function hotelLink(hotel: CardHotel, texts: Texts, siteName: string, from: 'fromCentre' | 'away'): HTMLAnchorElement {
  const distance = hotel.distance_km != null ? h('span', { class: 'meta' }, texts.t(from, { distance: texts.km(hotel.distance_km) })) : null;
  return h(
    'a',
    { class: 'card', part: 'card', href: hotel.url, target: '_blank', rel: 'sponsored noopener' },
    photo(hotel),
    h(
      'span',
      { class: 'body' },
      // Names and addresses are the service's, in a script of their own: isolated, so a Latin
      // name keeps its order in an Arabic card and the card's alignment all the same.
      h('span', { class: 'name', part: 'name' }, h('bdi', {}, hotel.name)),
      stars(hotel.stars, texts),
      score(hotel, texts),
      distance,
      h('span', { class: 'meta addr' }, h('bdi', {}, hotel.address)),
      h('span', { class: 'cta', 'aria-hidden': 'true' }, texts.t('book', { site: siteName })),
    ),
  );
}

/** The credit of display rule 3, linking to the site with the affiliate's code (taken from a card's link). */
export function credit(firstUrl: string, siteName: string, texts: Texts): HTMLElement {
  const site = new URL(firstUrl);
  site.pathname = '/';
  site.hash = '';
  return h('p', { class: 'credit', part: 'credit' }, h('a', { href: site.href, target: '_blank', rel: 'sponsored noopener' }, texts.t('credit', { site: siteName })));
}

/** The booking site as a credit names it when the service's name cannot be had: its address. */
export const siteOf = (url: string): string => new URL(url).hostname.replace(/^www\./, '');
