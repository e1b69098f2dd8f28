// The two small scripts of the iframe form, written by hand (ES2017, no build step):
//
// - FRAME_SCRIPT runs in the embed page (inline, allowed by its hash in the page's policy). It
//   tells the host page its height whenever it changes, as {type: 'stays-embed-height', height},
//   for the host's optional resize script below; and, framed by a WordPress post that discovered
//   it over oEmbed (the address ends in #?secret=…), in WordPress's own protocol,
//   {message: 'height', value, secret}, which wp-embed.js answers by sizing the frame (200 to
//   1000 px). WordPress also sandboxes such a frame (sandbox="allow-scripts"): its origin is
//   opaque, so the widget's calls could not be told from any sandboxed page's and would be
//   refused; the script puts the page's credited link in the widget's place. A link cannot open a
//   new tab there either: the link the reader follows is sent to WordPress as
//   {message: 'link', value}, which opens it in the whole window when it is an address of the
//   frame's own host; so it goes through /embed/go, which sends the reader on to the booking
//   site's page and nowhere else.
// - RESIZE_SCRIPT is what a host page that allows scripts may add once
//   (<script async src="…/embed/resize.js">): it sizes every frame of this service's /embed/
//   pages to the height the frame reports. Without it a frame keeps its height attribute.
import { createHash } from 'node:crypto';
import { EMBED_GO_PATH } from '../keys/embed-pages.js';

export const FRAME_SCRIPT = `(function () {
  'use strict';
  if (window.parent === window) return;
  var found = /[#&?]secret=([A-Za-z0-9]{1,64})/.exec(location.hash);
  var secret = found ? found[1] : null;
  var last = -1;
  function post() {
    var height = Math.ceil(document.documentElement.getBoundingClientRect().height);
    if (height === last) return;
    last = height;
    window.parent.postMessage({ type: 'stays-embed-height', height: height }, '*');
    if (secret) window.parent.postMessage({ message: 'height', value: height, secret: secret }, '*');
  }
  new ResizeObserver(post).observe(document.documentElement);
  // A browser may not render a frame it cannot see (WordPress keeps it clipped until it hears the
  // height), and then no ResizeObserver reports: the height is measured at load as well.
  document.addEventListener('DOMContentLoaded', post);
  window.addEventListener('load', post);
  window.addEventListener('message', function (event) {
    var data = event.data;
    if (event.source === window.parent && data && data.message === 'ready' && data.secret === secret) { last = -1; post(); }
  });
  if (self.origin !== 'null') return;
  // Sandboxed without allow-same-origin: the widget's calls would carry no sign of this page
  // (Origin: null, no Referer) and be refused; a credited link stands in for it, swapped in as the
  // page is read, before the widget's module runs.
  document.documentElement.className = 'sandboxed';
  new MutationObserver(function (records, observer) {
    var widget = document.querySelector('stays-search, stays-hotel');
    var link = document.getElementById('stays-link');
    if (!widget || !link) return;
    widget.remove();
    link.hidden = false;
    observer.disconnect();
  }).observe(document, { childList: true, subtree: true });
  if (!secret) return;
  var go = new URL(location.href).origin + '${EMBED_GO_PATH}?url=';
  function follow(url) { window.parent.postMessage({ message: 'link', value: go + encodeURIComponent(url), secret: secret }, '*'); }
  document.addEventListener('click', function (event) {
    var path = event.composedPath();
    for (var i = 0; i < path.length; i++) {
      var node = path[i];
      if (node instanceof HTMLAnchorElement && node.href) { event.preventDefault(); follow(node.href); return; }
    }
  }, true);
  window.open = function (url) { if (url) follow(new URL(String(url), location.href).href); return null; };
})();
`;

export const RESIZE_SCRIPT = `// Sizes the hotel search frames of this service on the page to their content. Optional.
(function () {
  'use strict';
  var script = document.currentScript;
  if (!script || window.staysEmbedResize) return;
  window.staysEmbedResize = true;
  var base = new URL(script.src).origin + '/embed/';
  window.addEventListener('message', function (event) {
    var data = event.data;
    if (!data || data.type !== 'stays-embed-height') return;
    var height = Math.round(Number(data.height));
    if (!(height > 0)) return;
    var frames = document.getElementsByTagName('iframe');
    for (var i = 0; i < frames.length; i++) {
      var frame = frames[i];
      if (frame.contentWindow === event.source && frame.src.indexOf(base) === 0) frame.style.height = Math.min(height, 4000) + 'px';
    }
  });
})();
`;

/** A CSP source for inline text: 'sha256-…' of its bytes. */
export function cspHash(text: string): string {
  return `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
}
