// <stays-search key="live_pk_…" sub-id="sidebar" destination="Lisbon" limit="6">: a hotel search
// box for any web page. Typeahead over /suggest as an ARIA combobox (arrows, Enter, Escape),
// results as cards whose links carry the key's affiliate code and the sub-id, and the credit
// "Book on <site>". Nothing is asked of the service before the visitor acts (display rule 2):
// a preset destination is a button, not a search. Styles live in a shadow root.
import { AREA_KINDS, CallFailure, currencyCode, languageTag, search, suggest, type ApiSettings, type PlaceSuggestion, type SearchAnswer, type SuggestAnswer, type SearchTarget } from './api.js';
import { credit, hotelCard } from './cards.js';
import { Combobox, type ComboboxOption } from './combobox.js';
import { h } from './dom.js';
import { STYLES } from './styles.js';

/** The booking site's name, written in by the service that serves this file. */
declare const __SITE_NAME__: string;

const DEFAULT_LIMIT = 6;
const TYPING_PAUSE_MS = 150;
/** SuggestAnswer remembered per element, so a text typed again (a backspace) asks nothing. */
const REMEMBERED_TEXTS = 50;


let sheet: CSSStyleSheet | null = null;
let nextId = 0;

// The hint beside each suggested place (v1.js, kept as released, has no 'Area').
const KIND_NAMES: Partial<Record<PlaceSuggestion['kind'], string>> = {
  city: 'City',
  region: 'Region',
  country: 'Country',
  airport: 'Airport',
  landmark: 'Landmark',
  area: 'Area',
};

function waitInWords(seconds: number): string {
  if (seconds < 90) return `${seconds} seconds`;
  if (seconds < 5400) return `${Math.round(seconds / 60)} minutes`;
  return `${Math.round(seconds / 3600)} hours`;
}

export class StaysSearch extends HTMLElement {
  static observedAttributes = ['destination'];

  readonly #box: Combobox;
  readonly #input: HTMLInputElement;
  readonly #announce: HTMLElement;
  readonly #preset: HTMLButtonElement;
  readonly #status: HTMLElement;
  readonly #alert: HTMLElement;
  readonly #results: HTMLElement;
  readonly #ids = `stays-${nextId++}`;
  #searchedArea = true;
  #typing: ReturnType<typeof setTimeout> | undefined;
  #suggesting: AbortController | null = null;
  #searching: AbortController | null = null;
  readonly #remembered = new Map<string, SuggestAnswer>();

  constructor() {
    super();
    const root = this.attachShadow({ mode: 'open' });
    sheet ??= new CSSStyleSheet();
    if (sheet.cssRules.length === 0) sheet.replaceSync(STYLES);
    root.adoptedStyleSheets = [sheet];
    const ids = this.#ids;
    this.#announce = h('div', { class: 'sr', 'aria-live': 'polite' });
    this.#box = new Combobox(ids, (text) => (this.#announce.textContent = text));
    this.#input = this.#box.input;
    this.#preset = h('button', { type: 'button', class: 'preset', part: 'preset', hidden: '' });
    this.#status = h('div', { class: 'status', part: 'status', role: 'status' });
    this.#alert = h('div', { class: 'alert', part: 'alert', role: 'alert' });
    this.#results = h('div', { part: 'results', 'aria-live': 'polite' });
    const form = h(
      'form',
      { role: 'search', part: 'form', 'aria-label': 'Hotel search' },
      h('div', { class: 'field' }, h('label', { for: `${ids}-input`, part: 'label' }, 'Where are you going?'), this.#input, this.#box.list),
      h('button', { type: 'submit', part: 'button' }, 'Search'),
    );
    root.append(h('div', { class: 'box', part: 'container' }, form, this.#preset, this.#announce, this.#status, this.#alert, this.#results));

    form.addEventListener('submit', (event) => {
      event.preventDefault();
      const text = this.#input.value.trim();
      if (!this.#box.chooseActive() && text) this.#search({ destination: text }, text);
    });
    this.#input.addEventListener('input', () => this.#typed());
    this.#preset.addEventListener('click', () => {
      const destination = this.getAttribute('destination');
      if (destination) this.#search({ destination }, destination);
    });
  }

  connectedCallback(): void {
    this.#showPreset();
  }

  attributeChangedCallback(): void {
    this.#showPreset();
  }

  disconnectedCallback(): void {
    clearTimeout(this.#typing);
    this.#suggesting?.abort();
    this.#searching?.abort();
  }

  get #settings(): ApiSettings {
    // The service that served this module, unless the page names another (api="https://…/").
    const base = this.getAttribute('api') ?? new URL('../', import.meta.url).href;
    return {
      base: base.endsWith('/') ? base : `${base}/`,
      key: this.getAttribute('key'),
      subId: this.getAttribute('sub-id'),
      // Its own lang, else the page's (<html lang="de">): place names and hotel pages in it.
      lang: languageTag(this.closest('[lang]')?.getAttribute('lang')),
      currency: currencyCode(this.getAttribute('currency')),
    };
  }

  get #limit(): number {
    const limit = Number(this.getAttribute('limit'));
    return Number.isInteger(limit) && limit >= 1 ? Math.min(limit, 20) : DEFAULT_LIMIT;
  }

  #showPreset(): void {
    const destination = this.getAttribute('destination')?.trim();
    this.#preset.hidden = !destination;
    this.#preset.textContent = destination ? `Show hotels in ${destination}` : '';
  }

  // ----- typeahead -----

  #typed(): void {
    clearTimeout(this.#typing);
    this.#suggesting?.abort();
    const text = this.#input.value.trim();
    if (text.length < 2) return this.#box.close();
    const known = this.#remembered.get(text.toLowerCase());
    if (known) return this.#offer(known);
    this.#typing = setTimeout(() => this.#askSuggestAnswer(text), TYPING_PAUSE_MS);
  }

  async #askSuggestAnswer(text: string): Promise<void> {
    const asking = (this.#suggesting = new AbortController());
    try {
      const answer = await suggest(this.#settings, text, asking.signal);
      if (this.#remembered.size >= REMEMBERED_TEXTS) this.#remembered.clear();
      this.#remembered.set(text.toLowerCase(), answer);
      if (!asking.signal.aborted && this.#input.value.trim() === text) this.#offer(answer);
    } catch (error) {
      if (asking.signal.aborted) return;
      // A visitor out of allowance, offline, or a page the key is not enabled on: say so now.
      if (error instanceof CallFailure && error.kind !== 'invalid' && error.kind !== 'not_found') this.#fail(error);
    }
  }

  #offer({ places, hotels }: SuggestAnswer): void {
    const options: ComboboxOption[] = [];
    // A place where the search would find nothing is not worth a visitor's choice.
    for (const place of places.filter((p) => p.hotel_count > 0)) {
      const hint = place.kind === 'city' || place.kind === 'region' ? `${place.hotel_count} hotels` : (KIND_NAMES[place.kind] as string);
      options.push({
        text: place.label,
        hint,
        choose: () => {
          this.#input.value = place.name;
          this.#search({ placeId: place.place_id, kind: place.kind, label: place.label }, place.label);
        },
      });
    }
    for (const hotel of hotels) {
      options.push({
        text: `${hotel.name}, ${hotel.city}`,
        hint: 'Hotel',
        choose: () => {
          this.#box.close();
          window.open(hotel.url, '_blank', 'noopener');
        },
      });
    }
    this.#box.show(options);
  }

  // ----- search -----

  async #search(target: SearchTarget, what: string): Promise<void> {
    this.#box.close();
    // A place's distances are from its centre; an airport's or a landmark's, from it.
    this.#searchedArea = 'destination' in target || AREA_KINDS.has(target.kind);
    this.#searching?.abort();
    const searching = (this.#searching = new AbortController());
    this.#alert.textContent = '';
    this.#status.textContent = `Searching hotels in ${what}…`;
    this.#results.setAttribute('aria-busy', 'true');
    try {
      const answer = await search(this.#settings, target, this.#limit, searching.signal);
      if (!searching.signal.aborted) this.#show(answer);
    } catch (error) {
      if (searching.signal.aborted) return;
      this.#results.replaceChildren();
      if (error instanceof CallFailure && error.kind === 'not_found') this.#status.textContent = `Nothing found for “${what}”. Try a city, a region or a landmark.`;
      else this.#fail(error instanceof CallFailure ? error : new CallFailure('unavailable', 'Hotel search is unavailable right now. Please try again in a moment.'));
    } finally {
      if (this.#searching === searching) this.#results.removeAttribute('aria-busy');
    }
  }

  #show(answer: SearchAnswer): void {
    const shown = answer.hotels.length;
    this.#status.textContent =
      answer.total === 0
        ? `No hotels found in ${answer.destination}.`
        : `${answer.total} hotel${answer.total === 1 ? '' : 's'} in ${answer.destination}${answer.total > shown ? `, the best ${shown} shown` : ''}.`;
    const parts: HTMLElement[] = [];
    if (answer.alternatives?.length) {
      const choices = answer.alternatives.map((place) => {
        const button = h('button', { type: 'button', class: 'link', part: 'alternative' }, place.label);
        button.addEventListener('click', () => this.#search({ placeId: place.place_id, kind: place.kind, label: place.label }, place.label));
        return button;
      });
      parts.push(h('p', { class: 'meta', part: 'alternatives' }, 'Did you mean: ', ...choices.flatMap((b, i) => (i === 0 ? [b] : [', ', b]))));
    }
    if (shown > 0) {
      const from = this.#searchedArea ? 'from the centre' : 'away';
      const cards = answer.hotels.map((hotel) => hotelCard(hotel, __SITE_NAME__, from));
      parts.push(h('ul', { class: 'cards', part: 'cards', 'aria-label': `Hotels in ${answer.destination}` }, ...cards));
      parts.push(credit(answer.hotels[0].url, __SITE_NAME__));
    }
    this.#results.replaceChildren(...parts);
  }

  #fail(failure: CallFailure): void {
    this.#box.close();
    this.#status.textContent = '';
    let message = failure.message;
    // Without a key, the service's 429 speaks to a developer; a visitor is told when to try again.
    if (failure.kind === 'rate_limited' && !this.getAttribute('key') && failure.retryAfterSeconds !== null) {
      message = `You have searched a lot in a short time. Please try again in ${waitInWords(failure.retryAfterSeconds)}.`;
    }
    this.#alert.textContent = message;
  }
}

if (!customElements.get('stays-search')) customElements.define('stays-search', StaysSearch);
