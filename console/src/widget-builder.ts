// The widget section: the snippet builder of /widget, filled in with the affiliate's own
// publishable key (made in one click for their site when they have none), writing the same
// snippet as /widget does (snippet.ts). A secret key is refused with an alert and left out.
import { $, copyText, el, say } from './dom.js';
import { makePublishable } from './keys.js';
import { holdsSecretKey, SECRET_KEY_ALERT, widgetSnippet, type SnippetChoices } from '../../widget/src/snippet.js';
import type { ApiKey } from './types.js';

const form = $<HTMLFormElement>('#console-builder');
const keyInput = $<HTMLInputElement>('#builder-key');
const keyList = $<HTMLDataListElement>('#builder-keys');
const keyOrigins = $('#builder-key-origins');
const keyAlert = $('#builder-key-alert');
const snippet = $<HTMLTextAreaElement>('#builder-snippet');
const makeForm = $<HTMLFormElement>('#widget-make');
const makeError = $('#widget-make-error');

let publishable: ApiKey[] = [];

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
    accent: field('accent'),
    text: field('text'),
    background: field('background'),
    radius: field('radius'),
  };
}

function update(): void {
  const written = widgetSnippet(choices());
  snippet.value = written.snippet;
  const alert = written.secretKeyRefused ? SECRET_KEY_ALERT : '';
  if (keyAlert.textContent !== alert) keyAlert.textContent = alert;
  keyInput.setAttribute('aria-invalid', String(written.secretKeyRefused));
  const key = publishable.find((k) => k.publishable_key === field('key'));
  keyOrigins.textContent = written.secretKeyRefused
    ? ''
    : key
      ? `${key.id}${key.label ? ` (${key.label})` : ''} works on ${key.origins!.join(', ')}.`
      : field('key')
        ? 'This is not one of your publishable keys that work.'
        : 'Choose one of your publishable keys.';
}

/** Offers the affiliate's publishable keys; the newest fills the builder when it holds none of them. */
export function offerKeys(keys: ApiKey[]): void {
  publishable = keys.filter((k) => k.kind === 'publishable' && k.publishable_key);
  keyList.replaceChildren(...publishable.map((k) => el('option', { value: k.publishable_key!, label: `${k.label ?? k.id}: ${k.origins!.join(', ')}` })));
  makeForm.hidden = publishable.length > 0;
  // A key of theirs stays; a secret one stays too, with its alert; anything else gives way to their newest.
  const current = field('key');
  const ours = publishable.some((k) => k.publishable_key === current);
  if (!ours && !holdsSecretKey(current) && publishable.length > 0) keyInput.value = publishable.at(-1)!.publishable_key!;
  update();
}

/** Puts a key into the builder (one just made). */
export function useKey(key: string): void {
  keyInput.value = key;
  update();
}

form.addEventListener('input', update);
form.addEventListener('submit', (event) => event.preventDefault());
$('#builder-copy').addEventListener('click', () => void copyText(snippet.value, $('#builder-copied'), snippet));

makeForm.addEventListener('submit', async (event) => {
  event.preventDefault();
  const origin = $<HTMLInputElement>('#widget-origin').value.trim();
  if (!origin) {
    say(makeError, "Type your site's address, as https://your.blog.");
    $('#widget-origin').focus();
    return;
  }
  const button = makeForm.querySelector('button')!;
  button.disabled = true;
  say(makeError, '');
  try {
    const made = await makePublishable([origin], 'Widget');
    useKey(made.key);
    say($('#builder-copied'), `A publishable key for ${made.origins!.join(', ')} was made and put in the snippet.`);
    snippet.focus();
  } catch (error) {
    say(makeError, (error as Error).message);
  } finally {
    button.disabled = false;
  }
});

update();
