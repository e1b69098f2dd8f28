// <stays-search key="live_pk_…" sub-id="sidebar" destination="Lisbon" limit="6" lang currency layout>:
// a hotel search box for any web page. Typeahead over /suggest as an ARIA combobox (arrows,
// Enter, Escape), results as cards (layout="cards", a grid) or rows (layout="list": one column of
// compact rows with a thumbnail, for narrow sidebars and phones) whose links carry the key's
// affiliate code and the sub-id,
// and the credit "Book on <service>", every word in the reader's language (i18n.ts). Nothing is
// asked of the service before the visitor acts (display rule 2): a preset destination is a
// button, not a search, and goes once the visitor has searched. What the status line says is
// true of the list under it: "nearest first" when it is by distance, "the best N" only when by
// rating; a refusal keeps the hotels already shown. Styles live in a shadow root.
import { AREA_KINDS, CallFailure, POINT_KINDS, search, serviceName, suggest, type PlaceAlternative, type PlaceSuggestion, type SearchAnswer, type SearchTarget, type SuggestAnswer } from './api.js';
import { credit, hotelLink } from './cards.js';
import { Combobox, type ComboboxOption } from './combobox.js';
import { h } from './dom.js';
import { ENGLISH, textsFor, type Texts } from './i18n.js';
import { apiSettings, creditedName, pageLang, refusal, styledRoot } from './shadow.js';

const DEFAULT_LIMIT = 6;
const TYPING_PAUSE_MS = 150;
/** SuggestAnswer remembered per element, so a text typed again (a backspace) asks nothing. */
const REMEMBERED_TEXTS = 50;
/** How long the box waits, unseen, for its language's catalog before it shows itself in English. */
const CATALOG_PATIENCE_MS = 3000;

let nextId = 0;

type Order = 'rating' | 'distance' | null;

/**
 * The order of a list the widget did not choose (a typed destination, an area): by distance when
 * distances rise and scores do not fall, by rating when the reverse; unknown when both or neither
 * hold, or there are too few hotels to tell.
 */
export function orderOf(hotels: SearchAnswer['hotels']): Order {
  if (hotels.length < 2) return null;
  const rises = (values: number[]) => values.every((value, i) => i === 0 || value >= values[i - 1]);
  const byDistance = hotels.every((hotel) => hotel.distance_km !== null) && rises(hotels.map((hotel) => hotel.distance_km!));
  const byRating = rises(hotels.map((hotel) => -(hotel.rating ?? -1)));
  return byDistance === byRating ? null : byDistance ? 'distance' : 'rating';
}

export class StaysSearch extends HTMLElement {
  static observedAttributes = ['destination', 'lang', 'layout'];

  readonly #container: HTMLElement;
  readonly #form: HTMLFormElement;
  readonly #label: HTMLLabelElement;
  readonly #submit: HTMLButtonElement;
  readonly #box: Combobox;
  readonly #input: HTMLInputElement;
  readonly #announce: HTMLElement;
  readonly #preset: HTMLButtonElement;
  readonly #status: HTMLElement;
  readonly #alert: HTMLElement;
  readonly #results: HTMLElement;
  readonly #ids = `stays-${nextId++}`;
  #texts: Texts = ENGLISH;
  #textsAsked = 0;
  /** Once the visitor has searched, the preset's button has done its work. */
  #searched = false;
  #typing: ReturnType<typeof setTimeout> | undefined;
  #suggesting: AbortController | null = null;
  #searching: AbortController | null = null;
  readonly #remembered = new Map<string, SuggestAnswer>();

  constructor() {
    super();
    const root = styledRoot(this);
    const ids = this.#ids;
    this.#announce = h('div', { class: 'sr', 'aria-live': 'polite' });
    this.#box = new Combobox(
      ids,
      (text) => (this.#announce.textContent = text),
      (count) => (count ? this.#texts.t('suggestionCount', { count }) : this.#texts.t('noSuggestions')),
    );
    this.#input = this.#box.input;
    this.#label = h('label', { for: `${ids}-input`, part: 'label' });
    this.#submit = h('button', { type: 'submit', part: 'button' });
    this.#preset = h('button', { type: 'button', class: 'preset', part: 'preset', hidden: '' });
    this.#status = h('div', { class: 'status', part: 'status', role: 'status' });
    this.#alert = h('div', { class: 'alert', part: 'alert', role: 'alert' });
    this.#results = h('div', { part: 'results', 'aria-live': 'polite' });
    this.#form = h('form', { role: 'search', part: 'form' }, h('div', { class: 'field' }, this.#label, this.#input, this.#box.list), this.#submit);
    this.#container = h('div', { class: 'box', part: 'container' }, this.#form, this.#preset, this.#announce, this.#status, this.#alert, this.#results);
    root.append(this.#container);

    this.#form.addEventListener('submit', (event) => {
      event.preventDefault();
      const text = this.#input.value.trim();
      if (!this.#box.chooseActive() && text) this.#search({ destination: text }, text);
    });
    this.#input.addEventListener('input', () => this.#typed());
    // A list the visitor closed (Escape, or leaving the box) stays closed: suggestions still on
    // their way would open it again under their eyes.
    this.#input.addEventListener('keydown', (event) => event.key === 'Escape' && this.#stopSuggesting());
    this.#input.addEventListener('blur', () => this.#stopSuggesting());
    this.#preset.addEventListener('click', () => {
      const destination = this.getAttribute('destination');
      if (destination) this.#search({ destination }, destination);
    });
  }

  connectedCallback(): void {
    this.#loadTexts();
  }

  attributeChangedCallback(name: string, before: string | null, after: string | null): void {
    if (before === after) return;
    if (name === 'lang') return this.#loadTexts();
    // Cards (the default) or a list of rows, changed at any time (the builder's preview): the same
    // links, laid out by the shadow root's styles.
    if (name === 'layout') return void this.#container.classList.toggle('list', after?.trim().toLowerCase() === 'list');
    // A new destination (the builder's preview) is offered again.
    this.#searched = false;
    this.#showPreset();
  }

  disconnectedCallback(): void {
    clearTimeout(this.#typing);
    this.#suggesting?.abort();
    this.#searching?.abort();
  }

  get #limit(): number {
    const limit = Number(this.getAttribute('limit'));
    return Number.isInteger(limit) && limit >= 1 ? Math.min(limit, 20) : DEFAULT_LIMIT;
  }

  // ----- language -----

  /** The texts of the page's language: at once for English; else unseen (no flash of English) until its catalog comes. */
  #loadTexts(): void {
    if (!this.isConnected) return;
    const asked = ++this.#textsAsked;
    const texts = textsFor(pageLang(this));
    if (!(texts instanceof Promise)) return this.#render(texts);
    this.#container.classList.add('loading');
    const patience = setTimeout(() => this.#container.classList.remove('loading'), CATALOG_PATIENCE_MS);
    void texts.then((loaded) => {
      clearTimeout(patience);
      if (asked === this.#textsAsked) this.#render(loaded);
    });
  }

  #render(texts: Texts): void {
    this.#texts = texts;
    texts.mark(this.#container).classList.remove('loading');
    this.#form.setAttribute('aria-label', texts.t('form'));
    this.#label.textContent = texts.t('label');
    this.#input.placeholder = texts.t('placeholder');
    this.#box.list.setAttribute('aria-label', texts.t('suggestions'));
    this.#submit.textContent = texts.t('submit');
    this.#showPreset();
  }

  #showPreset(): void {
    const destination = this.getAttribute('destination')?.trim();
    const hide = !destination || this.#searched;
    // A keyboard visitor who pressed it goes on from the search box, not from nowhere.
    if (hide && this.shadowRoot?.activeElement === this.#preset) this.#input.focus();
    this.#preset.hidden = hide;
    this.#preset.textContent = destination ? this.#texts.t('preset', { place: destination }) : '';
  }

  // ----- typeahead -----

  #stopSuggesting(): void {
    clearTimeout(this.#typing);
    this.#suggesting?.abort();
  }

  #typed(): void {
    this.#stopSuggesting();
    const text = this.#input.value.trim();
    if (text.length < 2) return this.#box.close();
    const known = this.#remembered.get(text.toLowerCase());
    if (known) return this.#offer(known);
    this.#typing = setTimeout(() => this.#askSuggestions(text), TYPING_PAUSE_MS);
  }

  async #askSuggestions(text: string): Promise<void> {
    const asking = (this.#suggesting = new AbortController());
    try {
      const answer = await suggest(apiSettings(this), text, asking.signal);
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
    const t = this.#texts;
    const options: ComboboxOption[] = [];
    // A place where the search would find nothing is not worth a visitor's choice.
    for (const place of places.filter((p) => p.hotel_count > 0)) {
      options.push({
        text: place.label,
        hint: place.kind === 'city' || place.kind === 'region' ? t.t('hotelCount', { count: place.hotel_count }) : t.t(place.kind),
        choose: () => {
          this.#input.value = place.name;
          this.#search({ placeId: place.place_id, kind: place.kind, label: place.label }, place.label);
        },
      });
    }
    for (const hotel of hotels) {
      options.push({
        text: `${hotel.name}, ${hotel.city}`,
        hint: t.t('hotel'),
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
    const t = this.#texts;
    // Suggestions still on their way would open over the answer.
    this.#stopSuggesting();
    this.#box.close();
    this.#searched = true;
    this.#showPreset();
    // The order the widget asked for; a typed destination's or an area's is read from the answer.
    const kind: PlaceSuggestion['kind'] | null = 'destination' in target ? null : target.kind;
    const asked: Order = kind && AREA_KINDS.has(kind) ? 'rating' : kind && POINT_KINDS.has(kind) ? 'distance' : null;
    this.#searching?.abort();
    const searching = (this.#searching = new AbortController());
    // What the status says of the hotels shown now: said again if this search fails and they stay.
    const shownStatus = this.#results.childElementCount ? this.#status.textContent : '';
    this.#alert.replaceChildren();
    this.#status.textContent = t.t('searching', { place: what });
    this.#results.setAttribute('aria-busy', 'true');
    const settings = apiSettings(this);
    // The credit's name is asked for beside the search, not after it.
    void serviceName(settings.base);
    try {
      const answer = await search(settings, target, this.#limit, searching.signal);
      const site = answer.hotels.length ? await creditedName(settings, answer.hotels[0].url) : '';
      if (searching.signal.aborted) return;
      const order = asked ?? orderOf(answer.hotels);
      // A place's distances are from its centre; an airport's, a landmark's or a point's, from it.
      const from = order !== 'distance' && (kind === null || AREA_KINDS.has(kind)) ? 'fromCentre' : 'away';
      this.#show(answer, order, from, site);
    } catch (error) {
      if (searching.signal.aborted) return;
      if (error instanceof CallFailure && error.kind === 'not_found') {
        // Guessed but not answered ("Hoover Dam" is not Hoover, Alabama): offered, not shown.
        this.#results.replaceChildren(...(error.alternatives.length ? [this.#didYouMean(error.alternatives)] : []));
        this.#status.textContent = t.t('nothingFound', { place: what });
      } else {
        // Refused, offline or failing: the hotels already shown stay, under what was said of them.
        this.#status.textContent = shownStatus;
        this.#fail(error);
      }
    } finally {
      if (this.#searching === searching) this.#results.removeAttribute('aria-busy');
    }
  }

  #show(answer: SearchAnswer, order: Order, from: 'fromCentre' | 'away', site: string): void {
    const t = this.#texts;
    const shown = answer.hotels.length;
    const values = { count: answer.total, shown, place: answer.destination };
    this.#status.textContent =
      answer.total === 0
        ? t.t('noHotels', values)
        : order === 'distance'
          ? t.t(answer.total > shown ? 'resultsNearestSome' : 'resultsNearest', values)
          : answer.total <= shown
            ? t.t('results', values)
            : t.t(order === 'rating' ? 'resultsBest' : 'resultsSome', values);
    const parts: HTMLElement[] = [];
    if (answer.alternatives?.length) parts.push(this.#didYouMean(answer.alternatives));
    if (shown > 0) {
      const cards = answer.hotels.map((hotel) => h('li', {}, hotelLink(hotel, t, site, from)));
      parts.push(h('ul', { class: 'cards', part: 'cards', 'aria-label': t.t('hotelsIn', { place: answer.destination }) }, ...cards));
      parts.push(credit(answer.hotels[0].url, site, t));
    }
    this.#results.replaceChildren(...parts);
  }

  /** "Did you mean A or B?", each a button that searches that place. */
  #didYouMean(alternatives: readonly PlaceAlternative[]): HTMLElement {
    const choices = alternatives.map((place) => {
      const button = h('button', { type: 'button', class: 'link', part: 'alternative' }, place.label);
      button.addEventListener('click', () => this.#search({ placeId: place.place_id, kind: place.kind, label: place.label }, place.label));
      return button;
    });
    return h('p', { class: 'meta', part: 'alternatives' }, ...this.#texts.parts('didYouMean', { places: this.#texts.or(choices) }));
  }

  #fail(failure: unknown): void {
    this.#box.close();
    this.#alert.replaceChildren(...refusal(this.#texts, failure));
  }
}

if (!customElements.get('stays-search')) customElements.define('stays-search', StaysSearch);
