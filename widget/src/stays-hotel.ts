// <stays-hotel key="live_pk_…" hotel-id="hotel/pt/lisbon/…" sub-id lang currency>: one hotel's
// card for a page written about it (photo, stars, guest score, the credited link) with the credit
// "Book on <service>". The hotel is asked for (GET /hotels/{id}) when the card comes within
// reach of the reader's screen, once, and never for a reader who does not scroll that far: the
// page shows a hotel its writer chose, no search is made (display rule 2), and no call of the
// key's allowance is spent on readers who never see it (docs/widget.md, "One hotel").
import { CallFailure, hotel, serviceName } from './api.js';
import { credit, hotelLink } from './cards.js';
import { h } from './dom.js';
import { ENGLISH, textsFor, type Texts } from './i18n.js';
import { apiSettings, creditedName, pageLang, refusal, styledRoot } from './shadow.js';

/** How far below (or above) the screen the card starts coming, so that it is there when the reader is. */
const REACH = '200px';

export class StaysHotel extends HTMLElement {
  static observedAttributes = ['hotel-id', 'lang'];

  readonly #container: HTMLElement;
  readonly #status: HTMLElement;
  readonly #alert: HTMLElement;
  readonly #card: HTMLElement;
  #texts: Texts = ENGLISH;
  #observer: IntersectionObserver | null = null;
  #asking: AbortController | null = null;
  /** The hotel-id shown (or being fetched), so an attribute set again to the same value asks nothing. */
  #shown: string | null = null;

  constructor() {
    super();
    const root = styledRoot(this);
    this.#status = h('div', { class: 'status', part: 'status', role: 'status' });
    this.#alert = h('div', { class: 'alert', part: 'alert', role: 'alert' });
    // Room for the card before it comes, so the page does not jump when it does.
    this.#card = h('div', { class: 'one', part: 'hotel' }, h('div', { class: 'card pending', 'aria-hidden': 'true' }));
    this.#container = h('div', { class: 'box', part: 'container' }, this.#card, this.#status, this.#alert);
    root.append(this.#container);
  }

  connectedCallback(): void {
    void this.#loadTexts();
    this.#watch();
  }

  disconnectedCallback(): void {
    this.#observer?.disconnect();
    this.#asking?.abort();
  }

  attributeChangedCallback(name: string, before: string | null, after: string | null): void {
    if (before === after || !this.isConnected) return;
    if (name === 'lang') {
      // Its words are the card's: it is drawn again in the new language when it comes.
      this.#shown = null;
      void this.#loadTexts();
    }
    this.#watch();
  }

  async #loadTexts(): Promise<void> {
    const texts = await textsFor(pageLang(this));
    this.#texts = texts;
    texts.mark(this.#container);
  }

  /** Waits for the card to come within reach of the screen, then asks for its hotel. */
  #watch(): void {
    this.#observer?.disconnect();
    const id = this.getAttribute('hotel-id')?.trim();
    // No hotel named, no room kept for one.
    this.#card.hidden = !id;
    if (!id || id === this.#shown) return;
    this.#observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        this.#observer?.disconnect();
        void this.#show(id);
      },
      { rootMargin: REACH },
    );
    this.#observer.observe(this);
  }

  async #show(id: string): Promise<void> {
    this.#shown = id;
    this.#asking?.abort();
    const asking = (this.#asking = new AbortController());
    const settings = apiSettings(this);
    void serviceName(settings.base);
    this.#alert.replaceChildren();
    try {
      // Its catalog first (it was asked for when the element came; it is at hand by now).
      const texts = await textsFor(pageLang(this));
      this.#status.textContent = texts.t('hotelLoading');
      const found = await hotel(settings, id, asking.signal);
      const site = await creditedName(settings, found.url);
      if (asking.signal.aborted) return;
      this.#texts = texts;
      texts.mark(this.#container);
      this.#status.textContent = '';
      this.#card.replaceChildren(hotelLink(found, texts, site, 'away'), credit(found.url, site, texts));
    } catch (error) {
      if (asking.signal.aborted) return;
      this.#status.textContent = '';
      this.#shown = null;
      if (error instanceof CallFailure && error.kind === 'not_found') {
        this.#card.replaceChildren();
        this.#status.textContent = this.#texts.t('hotelGone');
      } else this.#alert.replaceChildren(...refusal(this.#texts, error));
    }
  }
}

if (!customElements.get('stays-hotel')) customElements.define('stays-hotel', StaysHotel);
