import { useEffect } from "react";

/**
 * Scripts after the paint (decision 030), in one browser-safe module: the server's rewrite of
 * Remix's markup and the inline script that undoes it in the browser name the same attributes. Every shopper page works whole without JavaScript, so its
 * scripts need not compete with what it paints: on a thin phone link the ~95 KB of modules Remix
 * preloads share the bandwidth with the first product images and push the largest paint back. In
 * a production document (`deferModuleScripts`, applied by entry.server.tsx) Remix's module preloads and its
 * module script are written inert: a preload under another `rel`, the script under another `type`.
 * Once the page's `load` event has fired, its eager images are decoded and the next frame is painted
 * (or 4 s after it was parsed, should `load` be held up), this small inline script
 * (rendered by root.tsx, so server and client trees match) turns the preloads back on and puts a
 * live copy of the module script, with the same nonce, in the inert one's place; hydration starts
 * from there. Only attributes change in the served markup, never its structure, so React hydrates
 * the document as rendered.
 */
export const INERT_PRELOAD = "modulepreload-after-load";
export const INERT_MODULE = "module-after-load";

/** At the latest this long after the page is parsed, should its `load` event be held up (a stalled image). */
const LATEST_START_MS = 4_000;

const HYDRATE_AFTER_LOAD = `(function(){var started=false;function start(){if(started)return;started=true;
document.querySelectorAll('link[rel="${INERT_PRELOAD}"]').forEach(function(l){l.rel="modulepreload"});
var s=document.querySelector('script[type="${INERT_MODULE}"]');if(!s)return;
var m=document.createElement("script");m.type="module";m.nonce=s.nonce;m.textContent=s.textContent;s.replaceWith(m)}
addEventListener("load",function(){var shown=[].filter.call(document.images,function(i){return i.loading!=="lazy"});
Promise.all(shown.map(function(i){return i.decode().catch(function(){})})).then(function(){requestAnimationFrame(function(){setTimeout(start)})})});
setTimeout(start,${LATEST_START_MS})})()`;

/**
 * The document with Remix's module preloads and module script made inert until `load` (not under
 * Vite's dev server). Plain string rewrites of the markup Remix 2's `<Scripts>` writes
 * (`<link rel="modulepreload" href=…/>`, one inline `<script … type="module">`):
 * `tests/e2e/scripts-after-load.spec.ts` parses the served page in the browser and fails should
 * any live preload or module script be left, or the shape change so that these miss.
 */
export function deferModuleScripts(html: string) {
  return html
    .replaceAll('<link rel="modulepreload"', `<link rel="${INERT_PRELOAD}"`)
    .replace(/(<script\b[^>]*) type="module"/, `$1 type="${INERT_MODULE}"`);
}

/**
 * The inline script, and once hydrated `data-hydrated` on `<html>`: the sign that the scripts have
 * taken over (the end-to-end tests wait for it before acting as a shopper with JavaScript).
 */
export function HydrateAfterLoad({ nonce }: { nonce: string | undefined }) {
  useEffect(() => {
    document.documentElement.dataset.hydrated = "true";
  }, []);
  return <script nonce={nonce} dangerouslySetInnerHTML={{ __html: HYDRATE_AFTER_LOAD }} />;
}
