import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';

/**
 * The app icons: a white pulse trace on the primary blue, drawn here with built-in modules only, so the committed
 * files in public/ can be regenerated (`npx tsx bench/generate-icons.ts`) and a unit test can prove they still match.
 */

const PRIMARY = [0x1f, 0x5f, 0xbf] as const;
const WHITE = [0xff, 0xff, 0xff] as const;

/** The trace in a unit square: flat, a spike up, a deeper dip, a recovery, flat again. */
const TRACE: readonly (readonly [number, number])[] = [
  [0.16, 0.56], [0.33, 0.56], [0.42, 0.3], [0.54, 0.74], [0.63, 0.47], [0.68, 0.56], [0.84, 0.56],
];
const STROKE = 0.075;
const CORNER = 0.22;

type Shape = 'rounded' | 'full';

function distanceToSegment(px: number, py: number, a: readonly [number, number], b: readonly [number, number]): number {
  const dx = b[0] - a[0];
  const dy = b[1] - a[1];
  const t = Math.max(0, Math.min(1, ((px - a[0]) * dx + (py - a[1]) * dy) / (dx * dx + dy * dy)));
  return Math.hypot(px - a[0] - t * dx, py - a[1] - t * dy);
}

function insideRounded(x: number, y: number, r: number): boolean {
  const cx = Math.min(Math.max(x, r), 1 - r);
  const cy = Math.min(Math.max(y, r), 1 - r);
  return Math.hypot(x - cx, y - cy) <= r;
}

/**
 * RGBA pixels of one icon. `glyphScale` shrinks the trace towards the centre: maskable icons must keep it inside
 * the safe circle (80 % of the size) because launchers crop everything outside it.
 */
export function drawIcon(size: number, shape: Shape, glyphScale = 1): Buffer {
  const px = Buffer.alloc(size * size * 4);
  const samples = 4;
  const toGlyph = (t: number) => (t - 0.5) / glyphScale + 0.5;
  const traceDistance = (u: number, v: number) => {
    let d = Infinity;
    for (let i = 1; i < TRACE.length; i++) d = Math.min(d, distanceToSegment(toGlyph(u), toGlyph(v), TRACE[i - 1]!, TRACE[i]!));
    return d;
  };
  // Supersampling only pays near the stroke; a pixel whose centre is further than its own diagonal has no ink.
  const reach = STROKE / 2 + Math.SQRT2 / size / glyphScale;
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      let bg = 0;
      let ink = 0;
      const nearStroke = traceDistance((x + 0.5) / size, (y + 0.5) / size) <= reach;
      for (let sy = 0; sy < samples; sy++) {
        for (let sx = 0; sx < samples; sx++) {
          const u = (x + (sx + 0.5) / samples) / size;
          const v = (y + (sy + 0.5) / samples) / size;
          if (shape === 'full' || insideRounded(u, v, CORNER)) bg++;
          if (nearStroke && traceDistance(u, v) <= STROKE / 2) ink++;
        }
      }
      const n = samples * samples;
      const a = bg / n;
      const w = Math.min(ink, bg) / Math.max(bg, 1);
      const o = (y * size + x) * 4;
      for (let c = 0; c < 3; c++) px[o + c] = Math.round(PRIMARY[c]! * (1 - w) + WHITE[c]! * w);
      px[o + 3] = Math.round(a * 255);
    }
  }
  return px;
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(buf: Buffer): number {
  let c = 0xffffffff;
  for (const byte of buf) c = CRC_TABLE[(c ^ byte) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'ascii');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/** An 8-bit RGBA PNG, every row unfiltered; zlib level 9 keeps the flat-colour icons small. */
export function encodePng(size: number, rgba: Buffer): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr[8] = 8;
  ihdr[9] = 6;
  const rows = Buffer.alloc(size * (size * 4 + 1));
  for (let y = 0; y < size; y++) rgba.copy(rows, y * (size * 4 + 1) + 1, y * size * 4, (y + 1) * size * 4);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', zlib.deflateSync(rows, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

function faviconSvg(): string {
  const hex = `#${PRIMARY.map((c) => c.toString(16).padStart(2, '0')).join('')}`;
  const points = TRACE.map(([x, y]) => `${+(x * 64).toFixed(2)},${+(y * 64).toFixed(2)}`).join(' ');
  return [
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">',
    `<rect width="64" height="64" rx="${CORNER * 64}" fill="${hex}"/>`,
    `<polyline points="${points}" fill="none" stroke="#fff" stroke-width="${STROKE * 64}" stroke-linecap="round" stroke-linejoin="round"/>`,
    '</svg>',
    '',
  ].join('\n');
}

/** Every file of public/ this module owns, by name. */
export function renderIcons(): Map<string, Buffer> {
  const png = (size: number, shape: Shape, scale?: number) => encodePng(size, drawIcon(size, shape, scale));
  return new Map([
    ['favicon.svg', Buffer.from(faviconSvg())],
    ['pwa-192x192.png', png(192, 'rounded')],
    ['pwa-512x512.png', png(512, 'rounded')],
    ['maskable-icon-512x512.png', png(512, 'full', 0.72)],
    // iOS draws its own rounded mask and shows transparency as black, hence full bleed.
    ['apple-touch-icon-180x180.png', png(180, 'full', 0.85)],
  ]);
}

export const publicDir = fileURLToPath(new URL('../public/', import.meta.url));

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  fs.mkdirSync(publicDir, { recursive: true });
  for (const [name, bytes] of renderIcons()) {
    fs.writeFileSync(path.join(publicDir, name), bytes);
    console.log(`public/${name} ${bytes.length} bytes`);
  }
}
