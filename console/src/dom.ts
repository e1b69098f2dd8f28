// Small helpers of the page: finding its parts, making elements, writing numbers and days.

export function $<T extends HTMLElement = HTMLElement>(selector: string): T {
  const found = document.querySelector<T>(selector);
  if (!found) throw new Error(`the console page has no ${selector}`);
  return found;
}

type Child = Node | string | number | null | undefined | false;

/** An element with attributes (class, aria-*, …) and children; text is always text, never markup. */
export function el<K extends keyof HTMLElementTagNameMap>(tag: K, attributes: Record<string, string | number | boolean | undefined> = {}, ...children: Child[]): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value === undefined || value === false) continue;
    node.setAttribute(name, value === true ? '' : String(value));
  }
  for (const child of children) if (child !== null && child !== undefined && child !== false) node.append(typeof child === 'number' ? String(child) : child);
  return node;
}

const integer = new Intl.NumberFormat('en');
export const count = (n: number) => integer.format(n);

const DAY_MS = 86_400_000;

/** A UTC day (YYYY-MM-DD) moved by some days. */
export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** Every day from `from` to `to`, both included. */
export function daysBetween(from: string, to: string): string[] {
  const days: string[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) days.push(day);
  return days;
}

const SHORT_DAY = new Intl.DateTimeFormat('en', { month: 'short', day: 'numeric', timeZone: 'UTC' });
/** A day as people read it: Nov 23. */
export const shortDay = (day: string) => SHORT_DAY.format(new Date(`${day}T00:00:00Z`));

/** Writes a message into a region (an alert or a status): the same text again is said again. */
export function say(region: HTMLElement, text: string): void {
  if (region.textContent === text && text) region.textContent = '';
  region.textContent = text;
}

/** Copies a text, selecting it first so that the user can copy by hand where the clipboard is refused. */
export async function copyText(text: string, status: HTMLElement, select?: HTMLTextAreaElement | HTMLInputElement): Promise<void> {
  select?.select();
  try {
    await navigator.clipboard.writeText(text);
    say(status, 'Copied.');
  } catch {
    say(status, select ? 'Selected: press Ctrl+C (⌘C) to copy.' : 'The clipboard is not available here: select the key and copy it.');
  }
}
