// The page at /console: the affiliate signs in with their secret key and sees their usage, their
// keys and the widget's snippet. The markup is written here; console/src (built to dist/console)
// fills it in. It runs under a strict Content-Security-Policy: no inline script or style, nothing
// from elsewhere, and no framing.

export interface ConsolePageSettings {
  serviceName: string;
  /** The versions of the built script and style sheet (their content's digest). */
  scriptVersion: string;
  styleVersion: string;
  /** The widget's script as pages load it, and its integrity hash: the builder writes them into snippets. */
  widgetScript: string;
  widgetIntegrity: string;
}

const html = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export const CONSOLE_PAGE_CSP =
  "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; font-src 'self'; object-src 'none'; " +
  "form-action 'self'; frame-ancestors 'none'; base-uri 'none'";

const GRACE_CHOICES: Array<[number, string]> = [
  [0, 'None: the old key stops now'],
  [900, '15 minutes'],
  [3600, '1 hour'],
  [21600, '6 hours'],
  [86400, '24 hours'],
];

export function consolePage(s: ConsolePageSettings): string {
  const name = html(s.serviceName);
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Affiliate console · ${name}</title>
<link rel="icon" type="image/png" href="/docs/assets/favicon-32x32.png">
<link rel="stylesheet" href="/console/console.css?v=${s.styleVersion}">
<script type="module" src="/console/console.js?v=${s.scriptVersion}"></script>
</head>
<body>
<a class="skip" href="#main">Skip to the content</a>
<header class="top">
<p class="brand">${name} <span>affiliate console</span></p>
<div id="who" class="who" hidden><span id="who-text"></span> <button id="sign-out" type="button" class="quiet">Sign out</button></div>
</header>
<nav id="nav" class="nav" aria-label="Console sections" hidden><a href="#usage">Usage</a><a href="#keys">Keys</a><a href="#widget">Widget</a></nav>
<main id="main" tabindex="-1">
<p id="loading" class="note">Loading…</p>

<section id="sign-in" class="card narrow" aria-labelledby="sign-in-title" hidden>
<h1 id="sign-in-title">Sign in to your affiliate console</h1>
<div id="rolled" class="notice" hidden>
<h2 id="rolled-title">Your new secret key</h2>
<p>It is shown this once: store it where your servers read it now. The key you signed in with was rolled, so this session ended: sign in again with the new key.</p>
<p class="secret"><code id="rolled-key"></code> <button id="rolled-copy" type="button" class="quiet">Copy the key</button> <span id="rolled-copied" role="status"></span></p>
</div>
<form id="sign-in-form" novalidate>
<label for="sign-in-key">Your secret key</label>
<input id="sign-in-key" name="key" type="password" autocomplete="off" spellcheck="false" autocapitalize="off" required aria-describedby="sign-in-help sign-in-error">
<p id="sign-in-help" class="help">The key you keep on your server, starting <code>live_</code>. It is sent once to open a session (it ends after 30 minutes unused, or when you sign out) and is never kept by this page. A publishable key (<code>live_pk_…</code>) cannot sign in: it is public.</p>
<p id="sign-in-error" class="alert" role="alert"></p>
<p id="sign-in-status" class="status" role="status"></p>
<button type="submit" class="primary">Sign in</button>
</form>
</section>

<div id="console" hidden>
<h1 id="console-title" tabindex="-1">Your affiliate account</h1>

<section id="usage" class="card" aria-labelledby="usage-title">
<h2 id="usage-title">Usage</h2>
<div class="allowance">
<label for="allowance-meter">Allowance used today (UTC), by the key you signed in with</label>
<meter id="allowance-meter" min="0" max="1" value="0" aria-describedby="allowance-text"></meter>
<p id="allowance-text" class="help"></p>
</div>
<form id="usage-controls" class="controls">
<fieldset class="choice">
<legend>Period</legend>
<label><input type="radio" name="days" value="7" checked> 7 days</label>
<label><input type="radio" name="days" value="30"> 30 days</label>
<label><input type="radio" name="days" value="90"> 90 days</label>
</fieldset>
<fieldset class="choice">
<legend>Chart calls by</legend>
<label><input type="radio" name="stack" value="operation" checked> operation</label>
<label><input type="radio" name="stack" value="key"> key</label>
</fieldset>
<p class="actions"><a id="csv" class="button" href="/console/api/usage?format=csv" download>Download CSV</a> <button id="refresh" type="button" class="quiet">Refresh</button></p>
</form>
<p id="usage-status" class="note" role="status"></p>
<dl id="totals" class="totals"></dl>
<figure class="chart-figure">
<figcaption id="chart-title">Calls answered per day</figcaption>
<div id="chart" class="chart" role="img" aria-labelledby="chart-title" aria-describedby="chart-summary"></div>
<p id="chart-readout" class="readout" aria-hidden="true"></p>
<ul id="legend" class="legend" aria-label="Chart legend"></ul>
<p id="chart-summary" class="help"></p>
<details>
<summary>The chart's figures by day</summary>
<div class="table-wrap" tabindex="0" role="region" aria-label="Calls per day">
<table id="daily-table"></table>
</div>
</details>
</figure>
<h3 id="sub-ids-title">By placement (sub_id)</h3>
<p class="help">Calls answered with each <code>sub_id</code> in the period, against the period before it.</p>
<div class="table-wrap" tabindex="0" role="region" aria-labelledby="sub-ids-title">
<table id="sub-ids"></table>
</div>
<p class="note" id="usage-note"></p>
</section>

<section id="keys" class="card" aria-labelledby="keys-title">
<h2 id="keys-title">Keys</h2>
<p class="help">Your secret keys belong on your servers and are never shown again; publishable keys go in your pages and work only on their sites.</p>
<p id="keys-status" role="status" class="status"></p>
<div class="table-wrap keys-wrap" tabindex="0" role="region" aria-labelledby="keys-title">
<table id="keys-table" class="keys-table">
<thead><tr><th scope="col">Key</th><th scope="col">Kind</th><th scope="col">Label</th><th scope="col">Origins</th><th scope="col">Visitor limit</th><th scope="col">Created</th><th scope="col">Last used</th><th scope="col">Calls today</th><th scope="col"><span class="visually-hidden">Actions</span></th></tr></thead>
<tbody></tbody>
</table>
</div>
<div id="made-key" class="notice" hidden>
<p id="made-key-text"></p>
<p class="secret"><code id="made-key-value"></code> <button id="made-key-copy" type="button" class="quiet">Copy the key</button> <span id="made-key-copied" role="status"></span></p>
</div>
<h3 id="new-key-title">Make a publishable key for your sites</h3>
<form id="new-key-form" class="stack" novalidate aria-labelledby="new-key-title">
<label for="new-key-origins">Sites (origins), one per line</label>
<textarea id="new-key-origins" name="origins" rows="3" required spellcheck="false" autocapitalize="off" placeholder="https://your.blog" aria-describedby="new-key-origins-help"></textarea>
<p id="new-key-origins-help" class="help">As https://your.blog, or https://*.your.blog for all its subdomains; at most 20.</p>
<label for="new-key-label">Label (optional)</label>
<input id="new-key-label" name="label" maxlength="200" autocomplete="off">
<label for="new-key-limit">Calls an hour per visitor</label>
<input id="new-key-limit" name="visitor_limit" type="number" min="1" max="9999999" value="60" inputmode="numeric">
<p id="new-key-error" class="alert" role="alert"></p>
<button type="submit" class="primary">Make the key</button>
</form>
</section>

<section id="widget" class="card" aria-labelledby="widget-title">
<h2 id="widget-title">Widget for your site</h2>
<p class="help">A hotel search box for any page: paste the snippet where it should appear. Every link it shows carries your affiliate code. Colours and a live preview: <a href="/widget">the widget's page</a>.</p>
<form id="widget-make" class="stack" novalidate hidden>
<p>You have no publishable key yet. Name the site the widget goes on and one is made for it.</p>
<label for="widget-origin">Your site's address</label>
<input id="widget-origin" name="origin" type="url" inputmode="url" spellcheck="false" autocapitalize="off" placeholder="https://your.blog">
<p id="widget-make-error" class="alert" role="alert"></p>
<button type="submit" class="primary">Make a publishable key for this site</button>
</form>
<form id="console-builder" class="builder" data-script="${html(s.widgetScript)}" data-integrity="${html(s.widgetIntegrity)}" novalidate>
<div class="field wide">
<label for="builder-key">Publishable key</label>
<input id="builder-key" name="key" list="builder-keys" placeholder="live_pk_…" autocomplete="off" spellcheck="false" aria-describedby="builder-key-origins builder-key-alert">
<datalist id="builder-keys"></datalist>
<p id="builder-key-origins" class="help"></p>
<p id="builder-key-alert" class="alert" role="alert"></p>
</div>
<div class="field"><label for="builder-destination">Destination shown first (optional)</label><input id="builder-destination" name="destination" placeholder="Lisbon"></div>
<div class="field"><label for="builder-sub-id">Placement tag, sub_id (optional)</label><input id="builder-sub-id" name="sub_id" placeholder="sidebar" pattern="[A-Za-z0-9_\\-]{1,200}" spellcheck="false"></div>
<div class="field"><label for="builder-limit">Hotels shown</label><input id="builder-limit" name="limit" type="number" min="1" max="20" value="6"></div>
<div class="field colours">
<span class="colour"><label for="builder-accent">Accent</label><input id="builder-accent" name="accent" type="color" value="#0b57d0"></span>
<span class="colour"><label for="builder-text">Text</label><input id="builder-text" name="text" type="color" value="#1f1f1f"></span>
<span class="colour"><label for="builder-background">Background</label><input id="builder-background" name="background" type="color" value="#ffffff"></span>
<span class="colour"><label for="builder-radius">Corner radius</label><input id="builder-radius" name="radius" type="range" min="0" max="24" value="12"></span>
</div>
</form>
<label for="builder-snippet" class="snippet-label">Your snippet</label>
<textarea id="builder-snippet" rows="6" readonly spellcheck="false"></textarea>
<p><button id="builder-copy" type="button" class="primary">Copy the snippet</button> <span id="builder-copied" role="status"></span></p>
</section>
</div>
</main>

<dialog id="edit-dialog" aria-labelledby="edit-title">
<form id="edit-form" method="dialog" class="stack" novalidate>
<h2 id="edit-title">Change key</h2>
<div id="edit-publishable" class="stack">
<label for="edit-origins">Sites (origins), one per line</label>
<textarea id="edit-origins" name="origins" rows="4" spellcheck="false" autocapitalize="off"></textarea>
<label for="edit-limit">Calls an hour per visitor</label>
<input id="edit-limit" name="visitor_limit" type="number" min="1" max="9999999" inputmode="numeric">
</div>
<label for="edit-label">Label (empty: none)</label>
<input id="edit-label" name="label" maxlength="200" autocomplete="off">
<p id="edit-error" class="alert" role="alert"></p>
<p class="actions"><button type="submit" class="primary" value="save">Save</button> <button type="button" class="quiet" data-close>Cancel</button></p>
</form>
</dialog>

<dialog id="revoke-dialog" aria-labelledby="revoke-title" aria-describedby="revoke-text">
<form id="revoke-form" method="dialog" class="stack">
<h2 id="revoke-title">Revoke this key?</h2>
<p id="revoke-text"></p>
<p id="revoke-error" class="alert" role="alert"></p>
<p class="actions"><button type="submit" class="danger" value="revoke">Revoke the key</button> <button type="button" class="quiet" data-close>Cancel</button></p>
</form>
</dialog>

<dialog id="roll-dialog" aria-labelledby="roll-title" aria-describedby="roll-text">
<form id="roll-form" method="dialog" class="stack">
<h2 id="roll-title">Roll this secret key?</h2>
<p id="roll-text"></p>
<label for="roll-grace">How long the old key keeps working</label>
<select id="roll-grace" name="grace_seconds">
${GRACE_CHOICES.map(([seconds, text]) => `<option value="${seconds}"${seconds === 3600 ? ' selected' : ''}>${text}</option>`).join('\n')}
</select>
<p id="roll-error" class="alert" role="alert"></p>
<p class="actions"><button type="submit" class="danger" value="roll">Roll the key</button> <button type="button" class="quiet" data-close>Cancel</button></p>
</form>
</dialog>
</body>
</html>
`;
}
