/**
 * `npm run icons`: the web app manifest's PNG icons, drawn from the logo (client/public/favicon.svg)
 * with resvg. The output is committed; run this again only when the logo changes.
 *
 * - `icon-192.png`, `icon-512.png` ("any"): the logo alone on a transparent ground.
 * - `maskable-192.png`, `maskable-512.png` ("maskable"): the logo inside the safe zone (the middle
 *   80 % circle) on the dark theme's background, which a launcher may crop to any shape.
 * - `apple-touch-icon.png` (180 px): iOS home screens, which ignore the manifest's icons.
 */
import fs from 'node:fs';
import path from 'node:path';

import { Resvg } from '@resvg/resvg-js';

const client = path.join(__dirname, '..', 'client');
const out = path.join(client, 'public', 'icons');

/** The dark theme's --bg (client/src/styles/tokens.css), also the manifest's colours. */
const background = '#1c1c1f';

const logo = fs.readFileSync(path.join(client, 'public', 'favicon.svg'), 'utf8');
const inner = /<svg[^>]*>([\s\S]*)<\/svg>/.exec(logo)?.[1];
if (!inner) throw new Error('favicon.svg has no <svg> element');

/** The logo (a 32×32 drawing) scaled to `scale` of a square, centred, on `fill` if given. */
function icon(scale: number, fill?: string): string {
  const size = 32 / scale;
  const offset = (size - 32) / 2;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="${-offset} ${-offset} ${size} ${size}">`,
    fill
      ? `<rect x="${-offset}" y="${-offset}" width="${size}" height="${size}" fill="${fill}"/>`
      : '',
    inner,
    '</svg>',
  ].join('');
}

function write(name: string, svg: string, width: number): void {
  const png = new Resvg(svg, { fitTo: { mode: 'width', value: width } }).render().asPng();
  fs.writeFileSync(path.join(out, name), png);
  console.log(`${name}: ${png.length} bytes`);
}

fs.mkdirSync(out, { recursive: true });
write('icon-192.png', icon(1), 192);
write('icon-512.png', icon(1), 512);
// The logo's page spans 26 of 32 units: at 0.6 its corners stay inside the 80 % circle.
write('maskable-192.png', icon(0.6, background), 192);
write('maskable-512.png', icon(0.6, background), 512);
write('apple-touch-icon.png', icon(0.75, background), 180);
