// The page at /widget: a blogger fills in their key, destination, sub_id and colours, sees the
// widget as it will look, and copies the snippet. The preview calls without the key (the page
// is not one of the key's origins); on the blogger's site the links carry their code. A secret
// key is refused with an alert and left out of the snippet. The snippet is written by the same
// function as the console's builder (widget/src/snippet.ts). The preview shows the search box,
// in the layout chosen (cards or list); a one-hotel or iframe snippet is written the same way.
import { SECRET_KEY_ALERT, themeProperties, widgetSnippet, type SnippetChoices } from './snippet.js';

const form = document.querySelector<HTMLFormElement>('#builder')!;
const preview = document.querySelector<HTMLElement>('#preview')!;
const snippet = document.querySelector<HTMLTextAreaElement>('#snippet')!;
const copy = document.querySelector<HTMLButtonElement>('#copy')!;
const copied = document.querySelector<HTMLElement>('#copied')!;
const keyAlert = document.querySelector<HTMLElement>('#key-alert')!;
const keyInput = form.elements.namedItem('key') as HTMLInputElement;

function field(name: string): string {
  return (form.elements.namedItem(name) as HTMLInputElement).value.trim();
}

function choices(): SnippetChoices {
  return {
    script: form.dataset.script!,
    integrity: form.dataset.integrity!,
    key: field('key'),
    subId: field('sub_id'),
    destination: field('destination'),
    limit: field('limit'),
    lang: field('lang'),
    currency: field('currency').toUpperCase(),
    hotelId: field('hotel_id'),
    layout: (form.elements.namedItem('layout') as RadioNodeList).value === 'list' ? 'list' : 'cards',
    form: (form.elements.namedItem('form') as RadioNodeList).value === 'iframe' ? 'iframe' : 'script',
    base: form.dataset.base,
    accent: field('accent'),
    text: field('text'),
    background: field('background'),
    radius: field('radius'),
  };
}

function update(): void {
  const chosen = choices();
  // The preview stays keyless: see above.
  const shown: Array<[string, string]> = [
    ['sub-id', chosen.subId],
    ['destination', chosen.destination],
    ['limit', chosen.limit],
    ['lang', chosen.lang ?? ''],
    ['currency', chosen.currency ?? ''],
    ['layout', chosen.layout === 'list' ? 'list' : ''],
  ];
  for (const [name, value] of shown) {
    if (value) preview.setAttribute(name, value);
    else preview.removeAttribute(name);
  }
  for (const [property, value] of themeProperties(chosen)) preview.style.setProperty(property, value);
  const written = widgetSnippet(chosen);
  snippet.value = written.snippet;
  // Said once per key pasted, not again at every keystroke elsewhere in the form.
  const alert = written.secretKeyRefused ? SECRET_KEY_ALERT : '';
  if (keyAlert.textContent !== alert) keyAlert.textContent = alert;
  keyInput.setAttribute('aria-invalid', String(written.secretKeyRefused));
}

form.addEventListener('input', update);
form.addEventListener('submit', (event) => event.preventDefault());
copy.addEventListener('click', async () => {
  snippet.select();
  try {
    await navigator.clipboard.writeText(snippet.value);
    copied.textContent = 'Copied.';
  } catch {
    copied.textContent = 'Selected: press Ctrl+C (⌘C) to copy.';
  }
});
update();
