// Renders the app icons' PNG sizes from their SVG sources in headless Chromium, so the PNGs in
// public/icons/ are reproducible: `node build/renderIcons.mjs` after editing an SVG, then commit.
// Browsers and OS launchers want PNG for installed-app icons (SVG support there is patchy).
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const ICONS = fileURLToPath(new URL('../public/icons/', import.meta.url));
const OUTPUTS = [
  { svg: 'icon.svg', size: 192, png: 'icon-192.png' },
  { svg: 'icon.svg', size: 512, png: 'icon-512.png' },
  { svg: 'maskable.svg', size: 512, png: 'maskable-512.png' },
  // iOS draws its own rounded corners and shows transparency as black: use the full-bleed art.
  { svg: 'maskable.svg', size: 180, png: 'apple-touch-icon-180.png' },
];

const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
try {
  const page = await browser.newPage();
  for (const { svg, size, png } of OUTPUTS) {
    const data = readFileSync(ICONS + svg).toString('base64');
    await page.setViewportSize({ width: size, height: size });
    await page.setContent(`<body style="margin:0"><img width="${size}" height="${size}" src="data:image/svg+xml;base64,${data}"></body>`);
    await page.locator('img').evaluate((img) => img.decode());
    await page.screenshot({ path: ICONS + png, omitBackground: true, clip: { x: 0, y: 0, width: size, height: size } });
    console.log(`${png}: ${size}×${size} from ${svg}`);
  }
} finally {
  await browser.close();
}
