// The keys section: the affiliate's keys that work, a publishable key made for their sites,
// origins and labels changed, a publishable key revoked, a secret key rolled (the new key shown
// once). The same changes as the public key API, through the console's session.
import { call } from './api.js';
import { $, copyText, count, el, say } from './dom.js';
import type { ApiKey, CreatedKey, KeyList, RolledKey } from './types.js';

const table = $<HTMLTableElement>('#keys-table');
const status = $('#keys-status');
const made = $('#made-key');
const madeText = $('#made-key-text');
const madeValue = $('#made-key-value');
const newKeyForm = $<HTMLFormElement>('#new-key-form');
const newKeyError = $('#new-key-error');

const editDialog = $<HTMLDialogElement>('#edit-dialog');
const editForm = $<HTMLFormElement>('#edit-form');
const revokeDialog = $<HTMLDialogElement>('#revoke-dialog');
const revokeForm = $<HTMLFormElement>('#revoke-form');
const rollDialog = $<HTMLDialogElement>('#roll-dialog');
const rollForm = $<HTMLFormElement>('#roll-form');

export interface KeysEvents {
  /** The list as it now is (the widget's builder offers its publishable keys). */
  listed(keys: ApiKey[]): void;
  /** A publishable key was made (the builder takes it). */
  made(key: CreatedKey): void;
  /** The signed-in key was rolled: the session ended; the new key is shown with the sign-in. */
  signedInKeyRolled(newKey: string): void;
}

let keys: ApiKey[] = [];
let signedInKey = '';
let events: KeysEvents = { listed: () => undefined, made: () => undefined, signedInKeyRolled: () => undefined };
/** The key a dialog is about. */
let subject: ApiKey | null = null;
/** Where focus goes when a dialog closes: the button that opened it, or what replaced it. */
let returnFocus: HTMLElement | null = null;

/** Sites as the affiliate types them: one per line (commas and spaces also part them). */
export const originsOf = (text: string) => text.split(/[\s,]+/).filter(Boolean);

const day = (iso: string | null) => (iso ? iso.slice(0, 10) : 'never');

export function startKeys(signedInKeyId: string, handlers: KeysEvents): Promise<void> {
  signedInKey = signedInKeyId;
  events = handlers;
  made.hidden = true;
  say(status, '');
  return loadKeys();
}

export async function loadKeys(): Promise<void> {
  try {
    const list = await call<KeyList>('GET', '/console/api/keys');
    keys = list.keys;
    showKeys();
    events.listed(keys);
  } catch (error) {
    say(status, `Your keys could not be read: ${(error as Error).message}`);
  }
}

function showKeys(): void {
  const rows = keys.map((key) => {
    const name = key.label ? `${key.label} (${key.id})` : key.id;
    const actions: HTMLElement[] = [el('button', { type: 'button', class: 'quiet small', 'data-action': 'edit', 'data-id': key.id, 'aria-label': `Change ${name}` }, 'Change')];
    if (key.kind === 'publishable') actions.push(el('button', { type: 'button', class: 'danger small', 'data-action': 'revoke', 'data-id': key.id, 'aria-label': `Revoke ${name}` }, 'Revoke'));
    else if (key.expires === null) actions.push(el('button', { type: 'button', class: 'quiet small', 'data-action': 'roll', 'data-id': key.id, 'aria-label': `Roll ${name}` }, 'Roll'));
    const idCell = el(
      'th',
      { scope: 'row', 'data-label': 'Key' },
      el('code', {}, key.id),
      key.hint ? el('span', { class: 'sub' }, key.hint) : null,
      key.publishable_key ? el('span', { class: 'sub' }, `${key.publishable_key.slice(0, 12)}…`) : null,
      key.id === signedInKey ? el('span', { class: 'badge' }, 'signed in') : null,
      key.expires ? el('span', { class: 'badge warn' }, `rolled: works until ${key.expires.slice(0, 16).replace('T', ' ')} UTC`) : null,
    );
    return el(
      'tr',
      {},
      idCell,
      el('td', { 'data-label': 'Kind' }, key.kind),
      el('td', { 'data-label': 'Label' }, key.label ?? '—'),
      el('td', { 'data-label': 'Origins', class: 'origins' }, ...(key.origins ?? ['—']).flatMap((o, i) => (i ? [el('br'), o] : [o]))),
      el('td', { 'data-label': 'Visitor limit' }, key.visitor_limit === null ? '—' : `${count(key.visitor_limit)}/h`),
      el('td', { 'data-label': 'Created', class: 'date' }, day(key.created)),
      el('td', { 'data-label': 'Last used', class: 'date' }, day(key.last_used)),
      el('td', { 'data-label': 'Calls today' }, count(key.calls_today)),
      el('td', { class: 'actions' }, el('div', { class: 'buttons' }, ...actions)),
    );
  });
  table.tBodies[0].replaceChildren(...rows);
}

function showMade(text: string, value: string): void {
  madeText.textContent = text;
  madeValue.textContent = value;
  made.hidden = false;
  say($('#made-key-copied'), '');
}

/** Makes a publishable key; the widget's builder makes one in one click too. */
export async function makePublishable(origins: string[], label: string | null, visitorLimit?: number): Promise<CreatedKey> {
  const body: Record<string, unknown> = { kind: 'publishable', origins };
  if (label) body.label = label;
  if (visitorLimit !== undefined) body.visitor_limit = visitorLimit;
  const key = await call<CreatedKey>('POST', '/console/api/keys', body);
  showMade(`Made ${key.id}, a publishable key for ${key.origins!.join(', ')}. It is shown in the list too; the widget below uses it.`, key.key);
  await loadKeys();
  events.made(key);
  return key;
}

newKeyForm.addEventListener('submit', async (event) => {
  event.preventDefault();
  const data = new FormData(newKeyForm);
  const origins = originsOf(String(data.get('origins') ?? ''));
  if (origins.length === 0) {
    say(newKeyError, 'Name at least one site the key is for, as https://your.blog.');
    $('#new-key-origins').focus();
    return;
  }
  const limit = String(data.get('visitor_limit') ?? '').trim();
  const button = newKeyForm.querySelector('button')!;
  button.disabled = true;
  say(newKeyError, '');
  try {
    await makePublishable(origins, String(data.get('label') ?? '').trim() || null, limit ? Number(limit) : undefined);
    newKeyForm.reset();
    say(status, 'The publishable key was made.');
  } catch (error) {
    say(newKeyError, (error as Error).message);
  } finally {
    button.disabled = false;
  }
});

// The rows' buttons, and the dialogs they open.
table.addEventListener('click', (event) => {
  const button = (event.target as HTMLElement).closest<HTMLButtonElement>('button[data-action]');
  const key = keys.find((k) => k.id === button?.dataset.id);
  if (!button || !key) return;
  subject = key;
  returnFocus = button;
  const action = button.dataset.action;
  if (action === 'edit') openEdit(key);
  else if (action === 'revoke') {
    $('#revoke-text').textContent = `${key.id}${key.label ? ` (${key.label})` : ''} stops working from the next call, on every page that carries it (${(key.origins ?? []).join(', ')}). This cannot be undone.`;
    say($('#revoke-error'), '');
    revokeDialog.showModal();
  } else if (action === 'roll') {
    $('#roll-text').textContent =
      `A new secret key replaces ${key.id}${key.hint ? ` (${key.hint})` : ''}; the old one keeps working for the time you choose, so that your servers can move to the new one.` +
      (key.id === signedInKey ? ' This is the key you signed in with: the console signs you out, and you sign in again with the new key.' : '');
    say($('#roll-error'), '');
    rollDialog.showModal();
  }
});

function openEdit(key: ApiKey): void {
  $('#edit-title').textContent = `Change ${key.id}`;
  $('#edit-publishable').hidden = key.kind !== 'publishable';
  $<HTMLTextAreaElement>('#edit-origins').value = (key.origins ?? []).join('\n');
  $<HTMLInputElement>('#edit-limit').value = String(key.visitor_limit ?? '');
  $<HTMLInputElement>('#edit-label').value = key.label ?? '';
  say($('#edit-error'), '');
  editDialog.showModal();
}

for (const dialog of [editDialog, revokeDialog, rollDialog]) {
  dialog.querySelector('[data-close]')!.addEventListener('click', () => dialog.close());
  dialog.addEventListener('close', () => {
    // Back to the button that opened it (its row drawn anew after a change), when it is shown.
    let target = returnFocus;
    if (target && !target.isConnected && target.dataset.id) {
      target = table.querySelector<HTMLElement>(`button[data-action="${target.dataset.action}"][data-id="${CSS.escape(target.dataset.id)}"]`);
    }
    if (target?.isConnected && !target.closest('[hidden]')) target.focus();
  });
}

/** Runs a dialog's change: its error said in the dialog, which stays open; closed when done. */
async function change(dialog: HTMLDialogElement, form: HTMLFormElement, errorRegion: HTMLElement, work: (key: ApiKey) => Promise<void>): Promise<void> {
  if (!subject) return;
  const buttons = [...form.querySelectorAll('button')];
  for (const b of buttons) b.disabled = true;
  say(errorRegion, '');
  try {
    await work(subject);
    dialog.close();
  } catch (error) {
    say(errorRegion, (error as Error).message);
  } finally {
    for (const b of buttons) b.disabled = false;
  }
}

editForm.addEventListener('submit', (event) => {
  event.preventDefault();
  void change(editDialog, editForm, $('#edit-error'), async (key) => {
    const label = $<HTMLInputElement>('#edit-label').value.trim();
    const body: Record<string, unknown> = { label: label || null };
    if (key.kind === 'publishable') {
      body.origins = originsOf($<HTMLTextAreaElement>('#edit-origins').value);
      const limit = $<HTMLInputElement>('#edit-limit').value.trim();
      if (limit) body.visitor_limit = Number(limit);
    }
    const after = await call<ApiKey>('PATCH', `/console/api/keys/${encodeURIComponent(key.id)}`, body);
    await loadKeys();
    say(status, `${after.id} was changed.`);
  });
});

revokeForm.addEventListener('submit', (event) => {
  event.preventDefault();
  void change(revokeDialog, revokeForm, $('#revoke-error'), async (key) => {
    await call<ApiKey>('DELETE', `/console/api/keys/${encodeURIComponent(key.id)}`);
    // The row and its button are gone: focus goes to the list.
    returnFocus = $('.keys-wrap');
    await loadKeys();
    say(status, `${key.id} was revoked.`);
  });
});

rollForm.addEventListener('submit', (event) => {
  event.preventDefault();
  void change(rollDialog, rollForm, $('#roll-error'), async (key) => {
    const grace = Number($<HTMLSelectElement>('#roll-grace').value);
    const rolled = await call<RolledKey>('POST', `/console/api/keys/${encodeURIComponent(key.id)}/roll`, { grace_seconds: grace });
    if (key.id === signedInKey) {
      returnFocus = null;
      events.signedInKeyRolled(rolled.key);
      return;
    }
    showMade(`Your new secret key, ${rolled.new_key.id}, shown this once: store it now. ${key.id} works until ${rolled.old_key.expires ?? rolled.old_key.revoked ?? 'now'}.`, rolled.key);
    await loadKeys();
  });
});

$('#made-key-copy').addEventListener('click', () => void copyText(madeValue.textContent ?? '', $('#made-key-copied')));
