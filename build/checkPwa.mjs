// Checks a production build in headless Chromium: the page loads under its
// Content-Security-Policy with no violation, the service worker installs and precaches the app
// shell including the engine's .wasm, and after that first visit the page reloads and starts
// with the network cut off.
//
//   node build/checkPwa.mjs [distDir=dist] [--ready "<css selector>"] [--demo]
//
// `--ready` names an element that shows the app has rendered (default: any child of #root).
// `--demo`, once offline: connects the Demo unit (Chromium runs without Web Bluetooth here, so
// the app connects it at once), calibrates, shows the graph and runs a demo set until the chart
// has bars: the engine, the device module and Plotly all run from the cache, under the CSP.
// Exits 1 with the list of problems, 0 with a one-line summary. Plain .mjs so Node 20 runs it
// without a bundler; it serves the directory itself on a free 127.0.0.1 port.
import { createServer } from 'node:http';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { extname, join, normalize, resolve } from 'node:path';
import { chromium } from 'playwright-core';

const args = process.argv.slice(2);
const readyAt = args.indexOf('--ready');
const ready = readyAt >= 0 ? args.splice(readyAt, 2)[1] : '#root > *';
const demoAt = args.indexOf('--demo');
const demo = demoAt >= 0 && args.splice(demoAt, 1).length === 1;
const dist = resolve(args[0] ?? 'dist');
if (!existsSync(join(dist, 'index.html'))) {
  console.error(`checkPwa: no ${join(dist, 'index.html')}; build the app first (npx vite build)`);
  process.exit(1);
}

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.wasm': 'application/wasm',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
};

/** A static host like the ones the app is deployed to: files as they are, SPA fallback. */
const server = createServer((req, res) => {
  const path = normalize(decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname));
  let file = join(dist, path);
  if (!file.startsWith(dist) || !existsSync(file) || statSync(file).isDirectory()) {
    file = extname(path) === '' ? join(dist, 'index.html') : '';
  }
  if (file === '') {
    res.writeHead(404).end();
    return;
  }
  res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream', 'cache-control': 'no-cache' });
  res.end(readFileSync(file));
});
await new Promise((done) => server.listen(0, '127.0.0.1', done));
const origin = `http://127.0.0.1:${server.address().port}`;

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
const problems = [];
const facts = {};
try {
  const context = await browser.newContext();
  const page = await context.newPage();
  // The listener goes in before any page script (and is not itself subject to the CSP).
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      console.error(`CSP violation: ${e.violatedDirective} blocked ${e.blockedURI || 'inline'} (${e.sourceFile}:${e.lineNumber})`);
    });
  });
  page.on('console', (m) => {
    const where = m.location().url;
    if (m.type() === 'error' || /Content.Security.Policy|CSP/i.test(m.text())) problems.push(`console ${m.type()}: ${m.text()}${where ? ` (${where})` : ''}`);
  });
  page.on('pageerror', (e) => problems.push(`uncaught: ${e.message}`));
  // ERR_ABORTED is a request the page itself cancelled (a lazy chunk still loading when the
  // check reloads or navigates): not a failure to serve it. Offline misses read ERR_FAILED or
  // ERR_INTERNET_DISCONNECTED and still count.
  page.on('requestfailed', (r) => {
    const error = r.failure()?.errorText;
    if (error !== 'net::ERR_ABORTED') problems.push(`request failed: ${r.url()} (${error})`);
  });

  // 1. First visit, online: the CSP is in force and the service worker takes over.
  await page.goto(origin, { waitUntil: 'load' });
  facts.csp = await page.locator('meta[http-equiv="Content-Security-Policy"]').getAttribute('content');
  if (!facts.csp) problems.push('no Content-Security-Policy meta element in the built page');
  await page.locator(ready).first().waitFor({ state: 'attached', timeout: 20_000 });
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller) {
      await new Promise((done) => navigator.serviceWorker.addEventListener('controllerchange', done, { once: true }));
    }
  });
  const cached = await page.evaluate(async () => {
    const urls = [];
    for (const name of await caches.keys()) {
      for (const request of await (await caches.open(name)).keys()) urls.push(new URL(request.url).pathname);
    }
    return urls;
  });
  facts.precached = cached.length;
  const wasm = cached.filter((u) => u.endsWith('.wasm'));
  if (wasm.length === 0) problems.push('no .wasm file in the service worker precache');
  if (!cached.some((u) => u.endsWith('/index.html'))) problems.push('index.html is not precached');
  const manifest = await page.evaluate(async () => {
    const link = document.querySelector('link[rel="manifest"]');
    return link ? (await fetch(link.href)).json() : null;
  });
  if (manifest?.name !== 'Repline') problems.push(`web manifest missing or misnamed: ${JSON.stringify(manifest?.name)}`);

  // 2. Offline: reload and open a deep link; everything must come from the precache.
  await context.setOffline(true);
  await page.reload({ waitUntil: 'load' });
  await page.locator(ready).first().waitFor({ state: 'attached', timeout: 20_000 });
  await page.goto(`${origin}/settings`, { waitUntil: 'load' });
  await page.locator(ready).first().waitFor({ state: 'attached', timeout: 20_000 });
  for (const url of wasm) {
    const ok = await page.evaluate(async (u) => {
      const bytes = await (await fetch(u)).arrayBuffer();
      return WebAssembly.validate(bytes);
    }, url);
    if (!ok) problems.push(`offline: ${url} did not come back as valid WebAssembly`);
  }
  facts.offline = 'reloaded, /settings opened, wasm served from cache';
  if (demo) {
    await page.goto(origin, { waitUntil: 'load' });
    await page.getByRole('button', { name: 'Connect unit', exact: true }).click();
    const calibrate = page.getByRole('dialog', { name: 'Calibrate' });
    await calibrate.getByRole('button', { name: 'Calibrate', exact: true }).click();
    await calibrate.waitFor({ state: 'hidden' });
    // No plates chosen: the app asks for them once after calibrating; the check skips.
    const plates = page.getByRole('dialog', { name: 'Inertia' });
    await plates.getByRole('button', { name: 'Skip', exact: true }).click();
    await plates.waitFor({ state: 'hidden' });
    await page.getByRole('group', { name: 'View' }).getByRole('button', { name: 'Graph', exact: true }).click();
    await page.getByRole('button', { name: 'Start demo set', exact: true }).click();
    await page.waitForFunction(() => document.querySelectorAll('.js-plotly-plot .bars path').length >= 2, null, { timeout: 60_000 });
    facts.offline += ', demo set ran and the graph drew its reps';
  }
} catch (error) {
  problems.push(`check aborted: ${error instanceof Error ? error.message : String(error)}`);
} finally {
  await browser.close();
  server.close();
}

if (problems.length > 0) {
  console.error(`checkPwa: ${problems.length} problem(s) with ${dist}:\n  ${problems.join('\n  ')}`);
  process.exit(1);
}
console.log(`checkPwa: ok — CSP in force with no violation, ${facts.precached} files precached (wasm included), ${facts.offline}`);
