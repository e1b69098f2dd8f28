// The search box's list of suggestions as an ARIA 1.2 combobox: the focus stays in the box while
// the arrows move the active option (aria-activedescendant), Enter chooses it, Escape closes the
// list (and a second Escape clears the box), and a screen reader hears how many there are.
import { h } from './dom.js';

export interface ComboboxOption {
  text: string;
  hint: string;
  choose: () => void;
}

export class Combobox {
  readonly input: HTMLInputElement;
  readonly list: HTMLUListElement;
  #options: Array<{ element: HTMLElement; choose: () => void }> = [];
  #active = -1;

  /** `announce` speaks to screen readers (a polite live region); `count` says how many suggestions there are, in the reader's language. */
  constructor(
    private readonly ids: string,
    private readonly announce: (text: string) => void,
    private readonly count: (count: number) => string,
  ) {
    this.input = h('input', {
      id: `${ids}-input`,
      type: 'text',
      role: 'combobox',
      part: 'input',
      autocomplete: 'off',
      spellcheck: 'false',
      'aria-autocomplete': 'list',
      'aria-expanded': 'false',
      'aria-controls': `${ids}-list`,
    });
    this.list = h('ul', { id: `${ids}-list`, role: 'listbox', part: 'listbox', hidden: '' });
    this.input.addEventListener('keydown', (event) => this.#key(event));
    this.input.addEventListener('blur', () => this.close());
    // A click on a suggestion must not take the focus from the box first (its blur would close the list).
    this.list.addEventListener('mousedown', (event) => event.preventDefault());
  }

  show(options: readonly ComboboxOption[]): void {
    this.list.replaceChildren();
    this.#options = [];
    this.#active = -1;
    for (const [i, { text, hint, choose }] of options.entries()) {
      const element = h('li', { id: `${this.ids}-option-${i}`, role: 'option', part: 'option', 'aria-selected': 'false' }, h('bdi', {}, text), h('span', { class: 'hint' }, hint));
      element.addEventListener('click', choose);
      this.list.append(element);
      this.#options.push({ element, choose });
    }
    if (options.length === 0) this.close();
    else this.#open();
    this.announce(this.count(options.length));
  }

  close(): void {
    this.#options[this.#active]?.element.setAttribute('aria-selected', 'false');
    this.#active = -1;
    this.list.hidden = true;
    this.input.setAttribute('aria-expanded', 'false');
    this.input.removeAttribute('aria-activedescendant');
  }

  /** Chooses the active option; false when none is. */
  chooseActive(): boolean {
    const option = this.#options[this.#active];
    if (!option) return false;
    option.choose();
    return true;
  }

  #open(): void {
    this.list.hidden = false;
    this.input.setAttribute('aria-expanded', 'true');
  }

  #move(step: number): void {
    const count = this.#options.length;
    if (count === 0) return;
    this.#open();
    this.#options[this.#active]?.element.setAttribute('aria-selected', 'false');
    // From the box, down goes to the first suggestion and up to the last; then round and round.
    this.#active = this.#active < 0 ? (step > 0 ? 0 : count - 1) : (this.#active + step + count) % count;
    const option = this.#options[this.#active].element;
    option.setAttribute('aria-selected', 'true');
    option.scrollIntoView({ block: 'nearest' });
    this.input.setAttribute('aria-activedescendant', option.id);
  }

  #key(event: KeyboardEvent): void {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      this.#move(event.key === 'ArrowDown' ? 1 : -1);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      if (!this.list.hidden) this.close();
      else this.input.value = '';
    }
  }
}
