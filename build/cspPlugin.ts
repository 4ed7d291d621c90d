/**
 * The Content-Security-Policy of the production build, delivered as a `<meta http-equiv>` so it
 * holds on any static host (and inside the native shell) without server configuration.
 *
 * The app runs no inline script and loads nothing from another origin, so the policy allows only
 * this origin, plus `'wasm-unsafe-eval'`: browsers treat compiling WebAssembly as eval, and the
 * engine is WebAssembly. Its one network call to elsewhere is the team server the user configures
 * in Settings → Sync (docs/sync.md), whose address the app cannot know when it is built, so:
 * - `connect-src` allows `https:` (any team server behind TLS) and plain `http://` to this machine
 *   only (`localhost`, `127.0.0.1`, any port: a server run beside the app while trying it out).
 *   Those are exactly the addresses Settings → Sync accepts (src/sync/address.ts refuses plain http
 *   elsewhere, since a device's token would cross the network in the clear): the browser enforces
 *   the same rule a second time. Scripts, styles, images and workers stay this origin's only, so
 *   the wider `connect-src` lets no code in; nothing but the sync client fetches.
 * Other decisions:
 * - `style-src 'self'`, no `'unsafe-inline'`: React sets `style` props through the CSSOM (which
 *   CSP allows) and Plotly's stylesheet is shipped as a file (see `plotlyCss.ts`).
 * - `img-src` also allows `data:` and `blob:` (same-document images: Plotly's "download as
 *   PNG" renders through them); neither is a remote origin.
 * - Directives a `<meta>` cannot carry (`frame-ancestors`, `report-uri`, `sandbox`) are left
 *   out: browsers ignore them there and log an error. A host that can send headers should add
 *   `frame-ancestors 'none'` as a header.
 * - Only `vite build` gets the policy: the dev server needs inline scripts (HMR, React refresh).
 *
 * The plugin also checks the built index.html: an inline script, inline style or remote URL
 * that the policy would block fails the build here rather than silently in a user's browser.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { HtmlTagDescriptor, Plugin } from 'vite';
import { plotlyGlobalCss } from './plotlyCss.ts';

export const CSP_DIRECTIVES: Readonly<Record<string, readonly string[]>> = Object.freeze({
  'default-src': ["'self'"],
  'script-src': ["'self'", "'wasm-unsafe-eval'"],
  'style-src': ["'self'"],
  'img-src': ["'self'", 'data:', 'blob:'],
  'font-src': ["'self'"],
  'connect-src': ["'self'", 'https:', 'http://localhost:*', 'http://127.0.0.1:*'],
  'worker-src': ["'self'"],
  'manifest-src': ["'self'"],
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
  'form-action': ["'self'"],
});

/** The policy as one header value. */
export function contentSecurityPolicy(directives: Readonly<Record<string, readonly string[]>> = CSP_DIRECTIVES): string {
  return Object.entries(directives)
    .map(([name, sources]) => `${name} ${sources.join(' ')}`)
    .join('; ');
}

/** What in a built HTML page the policy would block; empty when the page is clean. */
export function cspViolationsInHtml(html: string): string[] {
  const problems: string[] = [];
  for (const m of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    if (!/\bsrc\s*=/.test(m[1]!) || m[2]!.trim() !== '') problems.push(`inline script: ${m[0].slice(0, 80)}`);
  }
  for (const m of html.matchAll(/<style\b[^>]*>/gi)) problems.push(`inline <style> element: ${m[0]}`);
  for (const m of html.matchAll(/<[^>]+\sstyle\s*=[^>]*>/gi)) problems.push(`inline style attribute: ${m[0].slice(0, 80)}`);
  for (const m of html.matchAll(/<[^>]+\son[a-z]+\s*=[^>]*>/gi)) problems.push(`inline event handler: ${m[0].slice(0, 80)}`);
  for (const m of html.matchAll(/\s(?:src|href)\s*=\s*["']?((?:https?:)?\/\/[^"'\s>]+)/gi)) problems.push(`remote URL: ${m[1]}`);
  return problems;
}

/** Vite plugin: adds the policy and Plotly's static stylesheet to the production index.html. */
export function cspPlugin(options: { policy?: string } = {}): Plugin {
  const policy = options.policy ?? contentSecurityPolicy();
  if (/["<>&]/.test(policy)) throw new Error(`the CSP may not contain " < > or &: ${policy}`);
  let cssFile = '';
  let base = '/';
  return {
    name: 'repline:csp',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      base = config.base;
    },
    buildStart() {
      const plotly = readFileSync(createRequire(import.meta.url).resolve('plotly.js-basic-dist'), 'utf8');
      const css = plotlyGlobalCss(plotly);
      cssFile = `assets/plotly-global-${createHash('sha256').update(css).digest('hex').slice(0, 8)}.css`;
      this.emitFile({ type: 'asset', fileName: cssFile, source: css });
    },
    transformIndexHtml: {
      order: 'post',
      handler(html): { html: string; tags: HtmlTagDescriptor[] } {
        // Right after <meta charset>, before any script or stylesheet it must govern.
        const meta = `<meta http-equiv="Content-Security-Policy" content="${policy}">`;
        const charset = /<meta\s+charset[^>]*>/i.exec(html);
        if (charset === null) throw new Error('index.html has no <meta charset>: the CSP meta element goes right after it');
        const at = charset.index + charset[0].length;
        return {
          html: `${html.slice(0, at)}\n    ${meta}${html.slice(at)}`,
          tags: [{ tag: 'link', attrs: { rel: 'stylesheet', id: 'plotly.js-style-global', class: 'no-inline-styles', href: `${base}${cssFile}` }, injectTo: 'head' }],
        };
      },
    },
    writeBundle(_, bundle) {
      for (const [name, file] of Object.entries(bundle)) {
        if (!name.endsWith('.html') || file.type !== 'asset') continue;
        const problems = cspViolationsInHtml(String(file.source));
        if (problems.length > 0) {
          throw new Error(`${name} would break under the Content-Security-Policy:\n  ${problems.join('\n  ')}`);
        }
      }
    },
  };
}
