// The page at /widget: what the widget is, the snippet builder (key, destination, sub_id,
// layout, colours in; a live preview and the snippet out), and what a page's Content-Security-Policy
// must allow. The page runs under a strict policy itself, as a blog's might.

export interface WidgetPageSettings {
  serviceName: string;
  /** The service's address as pages reach it. */
  baseUrl: string;
  /** The current widget's path (/widget/v4.js) and its integrity hash. */
  widgetPath: string;
  integrity: string;
}

const html = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export const WIDGET_PAGE_CSP =
  "default-src 'none'; script-src 'self'; style-src 'self'; img-src * data:; connect-src 'self'; form-action 'none'; frame-ancestors 'none'; base-uri 'none'";

export function widgetPage(s: WidgetPageSettings): string {
  const script = `${s.baseUrl}${s.widgetPath}`;
  const origin = new URL(s.baseUrl).origin;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Hotel search for your blog · ${html(s.serviceName)}</title>
<link rel="icon" type="image/png" href="/docs/assets/favicon-32x32.png">
<link rel="stylesheet" href="/widget/builder.css">
<script type="module" src="${html(s.widgetPath)}" integrity="${s.integrity}" crossorigin="anonymous"></script>
<script type="module" src="/widget/builder.js"></script>
</head>
<body>
<header>
<h1>Hotel search for your blog</h1>
<p>Put a hotel search box on any page, even a static one: visitors type a place, choose it, and see hotels whose links carry your affiliate code. It needs a <strong>publishable key</strong>, made for the sites you name; a secret key must never go into a page.</p>
<pre tabindex="0"><code>hotel-affiliate keys create --publishable --origin https://your.blog --tier standard --code YOUR_CODE</code></pre>
</header>
<main>
<form id="builder" data-script="${html(script)}" data-integrity="${html(s.integrity)}" data-base="${html(s.baseUrl)}">
<fieldset>
<legend>Your widget</legend>
<label>Publishable key <input name="key" placeholder="live_pk_…" autocomplete="off" spellcheck="false" aria-describedby="key-alert"></label>
<p id="key-alert" class="alert" role="alert"></p>
<label>Destination shown first (optional) <input name="destination" placeholder="Lisbon"></label>
<label>Placement tag, sub_id (optional) <input name="sub_id" placeholder="sidebar" pattern="[A-Za-z0-9_-]{1,200}"></label>
<label>Hotels shown <input name="limit" type="number" min="1" max="20" value="6"></label>
<label>Language (optional) <input name="lang" placeholder="the page's: de, ja, pt-BR" pattern="[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*"></label>
<label>Currency (optional) <input name="currency" placeholder="EUR" pattern="[A-Za-z]{3}" maxlength="3"></label>
<label>One hotel only: its id (optional) <input name="hotel_id" placeholder="hotel/pt/lisbon/…" spellcheck="false"></label>
</fieldset>
<fieldset>
<legend>Form</legend>
<label class="choice"><input type="radio" name="form" value="script" checked> Script and element (most sites)</label>
<label class="choice"><input type="radio" name="form" value="iframe"> Iframe, for hosts that remove scripts (WordPress.com, Medium, site builders); WordPress also embeds the frame's address pasted on a line of its own</label>
</fieldset>
<fieldset>
<legend>Layout</legend>
<label class="choice"><input type="radio" name="layout" value="cards" checked> Cards: a grid of photos (wide columns)</label>
<label class="choice"><input type="radio" name="layout" value="list"> List: compact rows with a small photo (sidebars, phones)</label>
</fieldset>
<fieldset>
<legend>Colours</legend>
<label>Accent <input name="accent" type="color" value="#0b57d0"></label>
<label>Text <input name="text" type="color" value="#1f1f1f"></label>
<label>Background <input name="background" type="color" value="#ffffff"></label>
<label>Corner radius <input name="radius" type="range" min="0" max="24" value="12"></label>
</fieldset>
</form>
<section aria-labelledby="preview-title">
<h2 id="preview-title">Preview</h2>
<p class="note">The preview searches without your key (this page is not one of its sites); on your site, every link carries your code and placement tag.</p>
<div class="frame"><stays-search id="preview" limit="6"></stays-search></div>
</section>
<section aria-labelledby="snippet-title">
<h2 id="snippet-title">Your snippet</h2>
<textarea id="snippet" rows="6" readonly aria-label="The snippet to paste into your page"></textarea>
<p><button id="copy" type="button">Copy the snippet</button> <span id="copied" role="status"></span></p>
<h3>If your site sets a Content-Security-Policy</h3>
<p>The widget uses no inline script or style, no cookies and no storage. Allow the script and its calls from this service, and photos from their hosts:</p>
<pre tabindex="0"><code>script-src ${html(origin)}; connect-src ${html(origin)}; img-src https:</code></pre>
<p>The script's integrity hash is <code>${html(s.integrity)}</code>. It is served with long-lived, immutable caching; the file behind <code>${html(s.widgetPath)}</code> never changes: a release that changes the widget serves it at a new version's address, so a page that pins the hash keeps working (<code>/widget/v1.js</code> and <code>/widget/v2.js</code>, the earlier releases, are still served as they were).</p>
</section>
</main>
</body>
</html>
`;
}

export const WIDGET_PAGE_CSS = `body { font: 16px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: #1f1f1f; margin: 0 auto; max-width: 980px; padding: 24px; }
h1 { margin-top: 0; }
pre { background: #f1f3f4; padding: 10px 12px; border-radius: 8px; overflow-x: auto; }
form { display: grid; grid-template-columns: 1fr 1fr; gap: 16px; }
fieldset { border: 1px solid #dadce0; border-radius: 10px; padding: 12px 16px; display: grid; gap: 10px; align-content: start; }
label { display: grid; gap: 4px; font-weight: 600; font-size: .95em; }
label.choice { display: flex; gap: 8px; align-items: baseline; font-weight: 400; }
input:not([type="color"]):not([type="range"]) { font: inherit; padding: 8px 10px; border: 1px solid #bdc1c6; border-radius: 8px; }
.frame { border: 1px dashed #bdc1c6; border-radius: 12px; padding: 16px; }
.note { color: #5f6368; }
.alert:not(:empty) { margin: 0; padding: 8px 12px; border-radius: 8px; background: #fce8e6; color: #8c1d18; border: 1px solid #f4b6b0; font-weight: 600; }
.alert:empty { margin: 0; padding: 0; border: 0; }
textarea { width: 100%; font: 14px/1.4 ui-monospace, Menlo, Consolas, monospace; padding: 10px; border-radius: 8px; border: 1px solid #bdc1c6; }
#copy { font: inherit; font-weight: 600; padding: 8px 14px; border: 0; border-radius: 8px; background: #0b57d0; color: #fff; cursor: pointer; }
@media (max-width: 700px) { form { grid-template-columns: 1fr; } }
`;
