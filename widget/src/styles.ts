// The widget's styles, applied to its shadow root as a constructed style sheet: a page's styles
// never reach in, and a strict Content-Security-Policy (no 'unsafe-inline' styles) does not stop it.
// Pages theme it with the custom properties below, or style its ::part()s.
export const STYLES = `
:host {
  --stays-accent: #0b57d0;
  --stays-accent-text: #fff;
  --stays-text: #1f1f1f;
  --stays-muted: #5f6368;
  --stays-background: #fff;
  --stays-card-background: #fff;
  --stays-border: #dadce0;
  --stays-radius: 12px;
  --stays-font: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif;
  --stays-columns: repeat(auto-fill, minmax(210px, 1fr));
  display: block;
  font-family: var(--stays-font);
  color: var(--stays-text);
  background: var(--stays-background);
  line-height: 1.4;
}
:host([hidden]) { display: none; }
* { box-sizing: border-box; }
.box { padding: 4px 0; }
form { display: flex; gap: 8px; align-items: flex-end; flex-wrap: wrap; }
.field { position: relative; flex: 1 1 240px; }
label { display: block; font-size: .9em; font-weight: 600; margin: 0 0 4px; }
input {
  width: 100%; font: inherit; color: inherit; background: var(--stays-background);
  padding: 10px 12px; border: 1px solid var(--stays-border); border-radius: var(--stays-radius);
}
input:focus-visible, button:focus-visible, a:focus-visible { outline: 3px solid var(--stays-accent); outline-offset: 2px; }
button {
  font: inherit; font-weight: 600; cursor: pointer; padding: 10px 16px; border: 0;
  border-radius: var(--stays-radius); background: var(--stays-accent); color: var(--stays-accent-text);
}
button.link { background: none; color: var(--stays-accent); padding: 2px 4px; text-decoration: underline; font-weight: 500; }
[role="listbox"] {
  position: absolute; z-index: 10; left: 0; right: 0; top: 100%; margin: 4px 0 0; padding: 4px 0; list-style: none;
  background: var(--stays-background); border: 1px solid var(--stays-border); border-radius: var(--stays-radius);
  box-shadow: 0 6px 20px rgba(0, 0, 0, .15); max-height: 320px; overflow-y: auto;
}
[role="option"] { padding: 8px 12px; cursor: pointer; display: flex; justify-content: space-between; gap: 12px; }
[role="option"][aria-selected="true"], [role="option"]:hover { background: color-mix(in srgb, var(--stays-accent) 12%, transparent); }
.hint { color: var(--stays-muted); font-size: .85em; white-space: nowrap; }
.status { color: var(--stays-muted); margin: 12px 0 4px; min-height: 1.4em; }
.alert:empty { display: none; }
.alert { margin: 12px 0; padding: 10px 12px; border-radius: var(--stays-radius); background: #fdecea; color: #5f1410; }
.preset { margin-top: 12px; }
.cards { display: grid; grid-template-columns: var(--stays-columns); gap: 14px; list-style: none; margin: 12px 0 0; padding: 0; }
.card {
  display: flex; flex-direction: column; height: 100%; color: inherit; text-decoration: none; overflow: hidden;
  background: var(--stays-card-background); border: 1px solid var(--stays-border); border-radius: var(--stays-radius);
}
.card:hover { box-shadow: 0 4px 14px rgba(0, 0, 0, .12); }
.photo, .nophoto { display: block; width: 100%; aspect-ratio: 3 / 2; object-fit: cover; background: #e8eaed; }
.nophoto {
  display: flex; align-items: center; justify-content: center; font-size: 2.2em; font-weight: 700;
  color: var(--stays-accent-text); background: linear-gradient(135deg, var(--stays-accent), color-mix(in srgb, var(--stays-accent) 45%, #000));
}
.body { padding: 10px 12px 12px; display: flex; flex-direction: column; gap: 4px; flex: 1; }
.name { font-weight: 700; font-size: 1.02em; }
.stars { color: #b06000; letter-spacing: 1px; }
.meta { color: var(--stays-muted); font-size: .9em; }
.score { font-weight: 700; color: var(--stays-text); }
.cta { margin-top: auto; padding-top: 6px; color: var(--stays-accent); font-weight: 600; }
/* layout="list": one column of compact rows, the photo a thumbnail at the row's start (its right in RTL). */
.list .cards { grid-template-columns: 1fr; gap: 8px; }
.list .card { flex-direction: row; }
.list .photo, .list .nophoto {
  flex: none; width: 72px; height: 72px; aspect-ratio: auto; margin: 8px; margin-inline-end: 0;
  border-radius: calc(var(--stays-radius) / 2); font-size: 1.6em;
}
.list .body { flex-flow: row wrap; align-items: baseline; align-content: center; gap: 2px 12px; padding: 8px 12px; min-width: 0; min-height: 88px; }
.list .name, .list .cta { flex-basis: 100%; overflow-wrap: anywhere; }
.list .cta { padding-top: 2px; font-size: .92em; }
.list .addr { display: none; }
.credit { margin: 14px 0 0; font-size: .9em; }
.credit a { color: var(--stays-accent); font-weight: 600; }
.loading { visibility: hidden; }
.detail { display: block; margin-top: 4px; font-size: .85em; opacity: .85; }
.one { display: grid; gap: 0; max-width: var(--stays-hotel-width, 360px); }
.one .credit { margin-top: 10px; }
.pending { min-height: 320px; border-style: dashed; }
.sr { position: absolute; width: 1px; height: 1px; overflow: hidden; clip-path: inset(50%); white-space: nowrap; }
`;
