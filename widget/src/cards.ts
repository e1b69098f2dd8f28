// A hotel as a card: photo (linked from the service's photo_url, lazily, with a tidy stand-in
// when it fails to load), name, stars, guest score, distance, and the credited link.
import type { HotelCard } from './api.js';
import { h } from './dom.js';

function stars(count: number | null): HTMLElement | null {
  if (count === null || count < 1) return null;
  const whole = Math.round(count);
  return h('span', { class: 'stars', part: 'stars', role: 'img', 'aria-label': `${count} star${count === 1 ? '' : 's'}` }, '★'.repeat(whole));
}

function score(hotel: HotelCard): HTMLElement | null {
  if (hotel.rating === null) return null;
  const reviews = hotel.review_count ? ` · ${hotel.review_count.toLocaleString()} reviews` : '';
  return h('span', { class: 'meta' }, h('span', { class: 'score' }, `${hotel.rating.toFixed(1)}/10`), reviews);
}

/** A stand-in of the hotel's first letter where there is no photo, or it did not load. */
function noPhoto(name: string): HTMLElement {
  return h('span', { class: 'nophoto', part: 'photo', 'aria-hidden': 'true' }, name.trim().charAt(0).toUpperCase() || '•');
}

function photo(hotel: HotelCard): HTMLElement {
  if (!hotel.photo_url) return noPhoto(hotel.name);
  // Decorative: the card's link names the hotel. No referrer: the photo host needs no page address.
  const img = h('img', { class: 'photo', part: 'photo', src: hotel.photo_url, alt: '', loading: 'lazy', decoding: 'async', referrerpolicy: 'no-referrer' });
  img.addEventListener('error', () => img.replaceWith(noPhoto(hotel.name)), { once: true });
  return img;
}

/** `from`: what a distance is measured from, as the card says it ("from the centre", "away"). */
export function hotelCard(hotel: HotelCard, siteName: string, from: string): HTMLElement {
  const distance = hotel.distance_km !== null ? h('span', { class: 'meta' }, `${hotel.distance_km.toFixed(1)} km ${from}`) : null;
  const link = h(
    'a',
    { class: 'card', part: 'card', href: hotel.url, target: '_blank', rel: 'sponsored noopener' },
    photo(hotel),
    h(
      'span',
      { class: 'body' },
      h('span', { class: 'name', part: 'name' }, hotel.name),
      stars(hotel.stars),
      score(hotel),
      distance,
      h('span', { class: 'meta' }, hotel.address),
      h('span', { class: 'cta', 'aria-hidden': 'true' }, `Book on ${siteName} →`),
    ),
  );
  return h('li', {}, link);
}

/** The credit of display rule 3, linking to the site with the affiliate's code (taken from a card's link). */
export function credit(firstUrl: string, siteName: string): HTMLElement {
  const site = new URL(firstUrl);
  site.pathname = '/';
  site.hash = '';
  return h('p', { class: 'credit', part: 'credit' }, h('a', { href: site.href, target: '_blank', rel: 'sponsored noopener' }, `Book on ${siteName}`));
}
