/**
 * JavaScript sent to the browser on a route's first load, measured the robust way: fetch the page's HTML
 * from the running production server (signed in where the route needs it), take every script it makes the
 * browser load (`<script src>`, script preloads; not `noModule` polyfills, which modern browsers skip),
 * fetch each once and sum their gzip sizes (gzip -9, as Next's old "First Load JS" column did). Inline
 * scripts (the RSC payload) are reported apart: they are data, and differ per user.
 * Next 16 no longer prints first-load JS at build time, and its manifests change between versions.
 */
import { gzipSync } from 'node:zlib';

const attr = (tag, name) => {
  const m = new RegExp(`\\s${name}=(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, 'i').exec(tag);
  return m ? (m[1] ?? m[2] ?? m[3]) : null;
};
const hasAttr = (tag, name) => new RegExp(`\\s${name}(=|\\s|>|/)`, 'i').test(tag);

/**
 * Script URLs a page makes the browser load on first load, without duplicates: the `<script src>` tags and
 * script preloads of the HTML, and the chunks of the client components the RSC payload (inline
 * `self.__next_f` data) tells the runtime to load at hydration — webpack builds list a route's own chunks
 * only there.
 */
export function scriptSources(html) {
  const out = [];
  const add = (src) => src && !out.includes(src) && out.push(src);
  for (const tag of html.match(/<script\b[^>]*>/gi) ?? []) if (!hasAttr(tag, 'nomodule')) add(attr(tag, 'src'));
  for (const tag of html.match(/<link\b[^>]*>/gi) ?? []) {
    const rel = (attr(tag, 'rel') ?? '').toLowerCase();
    if (rel === 'modulepreload' || (rel === 'preload' && (attr(tag, 'as') ?? '').toLowerCase() === 'script')) add(attr(tag, 'href'));
  }
  for (const text of inlineScripts(html)) {
    // Chunk paths appear JSON-escaped inside a JS string: "static/chunks/…js" or "/_next/static/chunks/…js".
    for (const m of text.replace(/\\(["/])/g, '$1').matchAll(/(?:\/_next\/)?static\/chunks\/[\w\-./()[\]@~%]+?\.js/g)) {
      add(m[0].startsWith('/_next/') ? m[0] : `/_next/${m[0]}`);
    }
  }
  return out;
}

/** The text of inline scripts (no src). */
export function inlineScripts(html) {
  return [...html.matchAll(/<script\b(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/gi)].map((m) => m[1]);
}

const gz = (buf) => gzipSync(buf, { level: 9 }).length;

/**
 * Measures one route. `chunkCache` (a Map) lets several routes share fetched chunks.
 * Returns sizes in bytes: { path, status, scripts: [{src, raw, gzip}], raw, gzip, inlineGzip }.
 */
export async function firstLoadJs(origin, path, { cookie, chunkCache = new Map() } = {}) {
  const res = await fetch(new URL(path, origin), { headers: cookie ? { cookie } : {}, redirect: 'manual' });
  const html = await res.text();
  if (res.status !== 200) return { path, status: res.status, scripts: [], raw: 0, gzip: 0, inlineGzip: 0 };
  const scripts = [];
  for (const src of scriptSources(html)) {
    const url = new URL(src, origin).href;
    let size = chunkCache.get(url);
    if (!size) {
      const r = await fetch(url);
      if (!r.ok) throw new Error(`${url} answered ${r.status}`);
      const buf = Buffer.from(await r.arrayBuffer());
      size = { raw: buf.length, gzip: gz(buf) };
      chunkCache.set(url, size);
    }
    scripts.push({ src, ...size });
  }
  return {
    path,
    status: res.status,
    scripts,
    raw: scripts.reduce((s, x) => s + x.raw, 0),
    gzip: scripts.reduce((s, x) => s + x.gzip, 0),
    inlineGzip: gz(Buffer.from(inlineScripts(html).join('\n'))),
  };
}

export const kB = (bytes) => Math.round((bytes / 1000) * 10) / 10;
