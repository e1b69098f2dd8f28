// The affiliate's console (/console): signs in with the secret key (sent once; the browser then
// holds only an HttpOnly session cookie, and this script the anti-forgery token, in memory), then
// shows usage, keys and the widget's snippet. Reloading the page keeps the session.
import { ApiError, call, setCsrfToken, whenSignedOut } from './api.js';
import { $, copyText, say } from './dom.js';
import { startKeys } from './keys.js';
import type { Me } from './types.js';
import { nameKeys, startUsage } from './usage.js';
import { offerKeys, useKey } from './widget-builder.js';

const loading = $('#loading');
const signIn = $('#sign-in');
const signInForm = $<HTMLFormElement>('#sign-in-form');
const keyInput = $<HTMLInputElement>('#sign-in-key');
const signInError = $('#sign-in-error');
const rolled = $('#rolled');
const consoleView = $('#console');
const nav = $('#nav');
const who = $('#who');
const TITLE = document.title;

/** The sign-in again: `message` says why (an alert), `note` what happened (a status). */
function showSignIn(message = '', note = ''): void {
  setCsrfToken(null);
  document.title = TITLE;
  loading.hidden = true;
  consoleView.hidden = true;
  nav.hidden = true;
  who.hidden = true;
  signIn.hidden = false;
  say(signInError, message);
  say($('#sign-in-status'), note);
}

/** Shows the console of a signed-in affiliate; `focus`: after a sign-in, the heading takes the focus. */
async function signedIn(me: Me, focus = false): Promise<void> {
  setCsrfToken(me.csrf_token);
  loading.hidden = true;
  signIn.hidden = true;
  rolled.hidden = true;
  $('#rolled-key').textContent = '';
  consoleView.hidden = false;
  nav.hidden = false;
  who.hidden = false;
  $('#who-text').textContent = `${me.affiliate_code} · ${me.tier} · ${me.key.hint ?? me.key.id}`;
  $('#console-title').textContent = `Affiliate account ${me.affiliate_code}`;
  document.title = `${me.affiliate_code} · ${TITLE}`;
  if (focus) $('#console-title').focus();
  await Promise.all([
    startUsage(me),
    startKeys(me.key.id, {
      listed(keys) {
        offerKeys(keys);
        nameKeys(new Map(keys.map((k) => [k.id, k.label ?? k.kind])));
      },
      made: (key) => useKey(key.key),
      signedInKeyRolled(newKey) {
        // KeyManagement ended the session with the key: the new key is shown once, with the sign-in.
        showSignIn();
        $('#rolled-key').textContent = newKey;
        rolled.hidden = false;
        say($('#rolled-copied'), '');
        keyInput.focus();
      },
    }),
  ]);
}

signInForm.addEventListener('submit', async (event) => {
  event.preventDefault();
  const key = keyInput.value.trim();
  if (!key) {
    say(signInError, 'Enter your secret key (live_…).');
    keyInput.focus();
    return;
  }
  const button = signInForm.querySelector('button')!;
  button.disabled = true;
  say(signInError, '');
  say($('#sign-in-status'), '');
  try {
    const me = await call<Me>('POST', '/console/session', { key }, true);
    // The key is not kept anywhere: the input is emptied and the session goes on with its cookie.
    keyInput.value = '';
    await signedIn(me, true);
  } catch (error) {
    const retry = error instanceof ApiError && error.status === 429 && error.retryAfterSeconds ? ` Try again in ${Math.ceil(error.retryAfterSeconds / 60)} min.` : '';
    say(signInError, `${(error as Error).message}.${retry}`.replace(/\.\./, '.'));
    keyInput.focus();
  } finally {
    button.disabled = false;
  }
});

$('#sign-out').addEventListener('click', async () => {
  try {
    await call('DELETE', '/console/session');
  } catch {
    // Signed out either way: the session cookie is cleared or was gone.
  }
  showSignIn('', 'You are signed out.');
  keyInput.focus();
});

$('#rolled-copy').addEventListener('click', () => void copyText($('#rolled-key').textContent ?? '', $('#rolled-copied')));

whenSignedOut((message) => {
  if (!consoleView.hidden) showSignIn(`Your session ended: ${message}`);
});

// A page opened (or reloaded) with a session that still works goes straight to the console.
try {
  await signedIn(await call<Me>('GET', '/console/api/me', undefined, true));
} catch (error) {
  showSignIn(error instanceof ApiError && error.status !== 401 ? error.message : '');
}
