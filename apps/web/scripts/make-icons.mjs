#!/usr/bin/env node
// Renders public/imgs/logo.svg into public/imgs/logo-120.png (the image of a share in WeChat), a
// 16/32/48 px public/favicon.ico, public/apple-touch-icon.png (180 px on white: iOS paints
// transparency black) and the web manifest's public/imgs/icon-192.png and icon-512.png. Uses headless Chromium for rasterising so no image library is
// needed; the ICO holds PNG-encoded entries (supported by every current browser and OS).
//
//   node apps/web/scripts/make-icons.mjs            (CHROMIUM=/path/to/chromium to override)
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const webRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const svgPath = path.join(webRoot, 'public/imgs/logo.svg');
const chromium = process.env.CHROMIUM || '/usr/bin/chromium';
const work = mkdtempSync(path.join(tmpdir(), 'llk-icons-'));

function renderPng(size, background = '00000000') {
  const html = path.join(work, `logo-${size}.html`);
  const png = path.join(work, `logo-${size}.png`);
  const img = `<img src="${pathToFileURL(svgPath)}" width="${size}" height="${size}" style="display:block">`;
  writeFileSync(html, `<!doctype html><html><body style="margin:0;background:#${background}">${img}</body></html>`);
  execFileSync(
    chromium,
    [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--hide-scrollbars',
      `--default-background-color=${background}`,
      `--screenshot=${png}`,
      `--window-size=${size},${size}`,
      pathToFileURL(html).href,
    ],
    { stdio: 'ignore' },
  );
  const data = readFileSync(png);
  // PNG IHDR: width and height are big-endian u32 at bytes 16 and 20.
  if (data.readUInt32BE(16) !== size || data.readUInt32BE(20) !== size) {
    throw new Error(`Chromium rendered a ${data.readUInt32BE(16)}×${data.readUInt32BE(20)} image, expected ${size}×${size}`);
  }
  return data;
}

/** Packs PNG images into an ICO container (ICONDIR + one ICONDIRENTRY per image + data). */
function packIco(images) {
  const header = Buffer.alloc(6 + 16 * images.length);
  header.writeUInt16LE(0, 0); // reserved
  header.writeUInt16LE(1, 2); // type: icon
  header.writeUInt16LE(images.length, 4);
  let offset = header.length;
  images.forEach(({ size, data }, i) => {
    const entry = 6 + 16 * i;
    header.writeUInt8(size >= 256 ? 0 : size, entry); // width (0 means 256)
    header.writeUInt8(size >= 256 ? 0 : size, entry + 1); // height
    header.writeUInt8(0, entry + 2); // palette colours
    header.writeUInt8(0, entry + 3); // reserved
    header.writeUInt16LE(1, entry + 4); // colour planes
    header.writeUInt16LE(32, entry + 6); // bits per pixel
    header.writeUInt32LE(data.length, entry + 8);
    header.writeUInt32LE(offset, entry + 12);
    offset += data.length;
  });
  return Buffer.concat([header, ...images.map((image) => image.data)]);
}

try {
  writeFileSync(path.join(webRoot, 'public/imgs/logo-120.png'), renderPng(120));
  const icoSizes = [16, 32, 48];
  writeFileSync(path.join(webRoot, 'public/favicon.ico'), packIco(icoSizes.map((size) => ({ size, data: renderPng(size) }))));
  writeFileSync(path.join(webRoot, 'public/apple-touch-icon.png'), renderPng(180, 'ffffffff'));
  for (const size of [192, 512]) writeFileSync(path.join(webRoot, `public/imgs/icon-${size}.png`), renderPng(size, 'ffffffff'));
  console.info(
    `Wrote public/imgs/logo-120.png, public/favicon.ico (${icoSizes.join(', ')} px), public/apple-touch-icon.png and public/imgs/icon-{192,512}.png`,
  );
} finally {
  rmSync(work, { recursive: true, force: true });
}
