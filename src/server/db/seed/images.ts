// Demo pictures for the seed, drawn offline: an SVG (gradient, a few shapes, a label)
// rendered by sharp, then stored through storeImage like any upload (re-encoded to WebP).
// No network access, no files shipped with the repository.

import sharp from 'sharp';
import { storeImage } from '../../platform/images';
import type { Bucket, Storage } from '../../platform/storage';

/** Brand-ish palettes: [from, to, accent]. */
const PALETTES: readonly (readonly [string, string, string])[] = [
  ['#0f172a', '#1d4ed8', '#f59e0b'],
  ['#1e1b4b', '#7c3aed', '#f472b6'],
  ['#052e16', '#15803d', '#facc15'],
  ['#3b0764', '#c026d3', '#fde68a'],
  ['#0c4a6e', '#0891b2', '#f97316'],
  ['#450a0a', '#dc2626', '#fcd34d'],
  ['#172554', '#0d9488', '#a3e635'],
  ['#1c1917', '#b45309', '#fef3c7'],
  ['#111827', '#4f46e5', '#22d3ee'],
  ['#27272a', '#be123c', '#fda4af'],
];

const FONT = 'DejaVu Sans, Liberation Sans, Arial, Helvetica, sans-serif';

function palette(i: number) {
  return PALETTES[((i % PALETTES.length) + PALETTES.length) % PALETTES.length]!;
}

function esc(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!,
  );
}

/** Splits a label into at most `maxLines` lines of about `width` characters. */
function wrap(text: string, width: number, maxLines: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    if (line && (line + ' ' + word).length > width) {
      lines.push(line);
      line = word;
    } else {
      line = line ? `${line} ${word}` : word;
    }
  }
  if (line) lines.push(line);
  if (lines.length > maxLines) {
    const kept = lines.slice(0, maxLines);
    kept[maxLines - 1] = `${kept[maxLines - 1]!.replace(/[.,:;]?$/, '')}…`;
    return kept;
  }
  return lines;
}

function gradient(id: string, from: string, to: string, angle: 'diag' | 'vert' = 'diag') {
  const [x2, y2] = angle === 'diag' ? ['1', '1'] : ['0', '1'];
  return `<linearGradient id="${id}" x1="0" y1="0" x2="${x2}" y2="${y2}"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient>`;
}

/** Drawn on a width x height canvas; `scale` shrinks the rendered pixels, not the drawing. */
function svg(width: number, height: number, defs: string, body: string, scale = 1) {
  const w = Math.round(width * scale);
  const h = Math.round(height * scale);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${width} ${height}"><defs>${defs}</defs>${body}</svg>`;
}

/** Round avatar-style tile with initials (stored square). */
export function avatarSvg(initials: string, index: number): string {
  const [from, to, accent] = palette(index);
  const size = 256;
  const shape =
    index % 3 === 0
      ? `<circle cx="210" cy="40" r="70" fill="${accent}" fill-opacity="0.35"/>`
      : index % 3 === 1
        ? `<rect x="-40" y="170" width="200" height="200" rx="40" transform="rotate(-20 60 270)" fill="${accent}" fill-opacity="0.3"/>`
        : `<circle cx="30" cy="230" r="90" fill="${accent}" fill-opacity="0.3"/>`;
  return svg(
    size,
    size,
    gradient('g', from, to),
    `<rect width="${size}" height="${size}" fill="url(#g)"/>${shape}` +
      `<text x="128" y="128" dy="0.35em" text-anchor="middle" font-family="${FONT}" font-size="104" font-weight="700" fill="#ffffff">${esc(initials)}</text>`,
  );
}

/** Wide banner for an event (1200x675). */
export function eventSvg(title: string, category: string, index: number): string {
  const [from, to, accent] = palette(index + 2);
  const w = 1200;
  const h = 675;
  const lines = wrap(title, 26, 3);
  const pillWidth = Math.round(category.length * 25 + 56);
  const startY = h - 90 - (lines.length - 1) * 74;
  const text = lines
    .map(
      (l, i) =>
        `<text x="80" y="${startY + i * 74}" font-family="${FONT}" font-size="64" font-weight="700" fill="#ffffff">${esc(l)}</text>`,
    )
    .join('');
  const circles = [0, 1, 2, 3, 4]
    .map((i) => {
      const cx = 760 + ((index * 97 + i * 131) % 420);
      const cy = 80 + ((index * 53 + i * 89) % 300);
      const r = 40 + ((index * 17 + i * 37) % 120);
      return `<circle cx="${cx}" cy="${cy}" r="${r}" fill="${i % 2 ? accent : '#ffffff'}" fill-opacity="${i % 2 ? 0.35 : 0.12}"/>`;
    })
    .join('');
  return svg(
    w,
    h,
    gradient('g', from, to),
    `<rect width="${w}" height="${h}" fill="url(#g)"/>${circles}` +
      `<rect x="80" y="70" width="${pillWidth}" height="56" rx="28" fill="${accent}"/>` +
      `<text x="${80 + pillWidth / 2}" y="108" text-anchor="middle" font-family="${FONT}" font-size="30" font-weight="700" fill="#111827">${esc(category.toUpperCase())}</text>` +
      `<text x="80" y="${startY - 96}" font-family="${FONT}" font-size="30" fill="#ffffff" fill-opacity="0.85">POWER MIXER · CHARLOTTE</text>` +
      text,
  );
}

/** A "photo" from an event: a room of people drawn as silhouettes, with a caption. */
export function gallerySvg(caption: string, index: number): string {
  const [from, to, accent] = palette(index + 5);
  const w = 1200;
  const h = 800;
  const people: string[] = [];
  for (let i = 0; i < 9; i++) {
    const x = 80 + i * 130 + ((index * 37 + i * 23) % 50);
    const scale = 0.8 + ((index + i * 7) % 5) * 0.1;
    const y = 470 + ((i * 41 + index * 13) % 90);
    const shade = i % 3 === 0 ? accent : '#ffffff';
    const op = i % 3 === 0 ? 0.55 : 0.18 + (i % 4) * 0.06;
    people.push(
      `<g transform="translate(${x} ${y}) scale(${scale.toFixed(2)})" fill="${shade}" fill-opacity="${op.toFixed(2)}">` +
        `<circle cx="0" cy="-120" r="48"/><path d="M -85 130 Q -85 -50 0 -55 Q 85 -50 85 130 Z"/></g>`,
    );
  }
  const lights = [0, 1, 2, 3, 4, 5, 6]
    .map((i) => `<circle cx="${90 + i * 170}" cy="${70 + (i % 2) * 30}" r="14" fill="${accent}" fill-opacity="0.8"/>`)
    .join('');
  return svg(
    w,
    h,
    gradient('g', from, to, 'vert'),
    `<rect width="${w}" height="${h}" fill="url(#g)"/>` +
      `<path d="M 0 80 Q 600 150 1200 80" stroke="${accent}" stroke-opacity="0.5" stroke-width="3" fill="none"/>${lights}` +
      people.join('') +
      `<rect x="0" y="${h - 110}" width="${w}" height="110" fill="#000000" fill-opacity="0.45"/>` +
      `<text x="60" y="${h - 45}" font-family="${FONT}" font-size="40" font-weight="700" fill="#ffffff">${esc(caption)}</text>`,
  );
}

/** A speaker card for a panelist (square, 600x600). */
export function panelistSvg(name: string, role: string, index: number): string {
  const [from, to, accent] = palette(index + 7);
  const s = 800;
  const initials = name
    .split(/\s+/)
    .map((p) => p[0] ?? '')
    .join('')
    .slice(0, 2)
    .toUpperCase();
  return svg(
    s,
    s,
    gradient('g', from, to),
    `<rect width="${s}" height="${s}" fill="url(#g)"/>` +
      `<circle cx="400" cy="320" r="200" fill="${accent}" fill-opacity="0.9"/>` +
      `<text x="400" y="320" dy="0.35em" text-anchor="middle" font-family="${FONT}" font-size="150" font-weight="700" fill="#111827">${esc(initials)}</text>` +
      `<text x="400" y="640" text-anchor="middle" font-family="${FONT}" font-size="54" font-weight="700" fill="#ffffff">${esc(name)}</text>` +
      `<text x="400" y="705" text-anchor="middle" font-family="${FONT}" font-size="32" fill="#ffffff" fill-opacity="0.85">${esc(role)}</text>`,
    0.75,
  );
}

/** A sponsor logo: a mark and the company name on a light background (600x300). */
export function logoSvg(name: string, index: number): string {
  const [from, to, accent] = palette(index * 3 + 1);
  const w = 600;
  const h = 300;
  const lines = wrap(name, 14, 3);
  const lineHeight = 46;
  const firstY = 150 + 13 - ((lines.length - 1) * lineHeight) / 2;
  const text = lines
    .map(
      (l, i) =>
        `<text x="225" y="${firstY + i * lineHeight}" font-family="${FONT}" font-size="36" font-weight="700" fill="${from}">${esc(l)}</text>`,
    )
    .join('');
  const mark =
    index % 2 === 0
      ? `<polygon points="120,60 200,150 120,240 40,150" fill="url(#g)"/><circle cx="120" cy="150" r="36" fill="${accent}"/>`
      : `<rect x="45" y="75" width="150" height="150" rx="34" fill="url(#g)"/><path d="M 80 190 L 120 110 L 160 190 Z" fill="${accent}"/>`;
  return svg(w, h, gradient('g', from, to), `<rect width="${w}" height="${h}" fill="#f8fafc"/>${mark}${text}`);
}

/** A podcast episode thumbnail (960x540). */
export function podcastSvg(title: string, episode: string, index: number): string {
  const [from, to, accent] = palette(index + 1);
  const w = 1280;
  const h = 720;
  const lines = wrap(title, 21, 4);
  const text = lines
    .map(
      (l, i) =>
        `<text x="80" y="${320 + i * 72}" font-family="${FONT}" font-size="58" font-weight="700" fill="#ffffff">${esc(l)}</text>`,
    )
    .join('');
  // A microphone: head, body and stand.
  const mic =
    `<g transform="translate(1040 330)" fill="${accent}">` +
    `<rect x="-70" y="-190" width="140" height="230" rx="70"/>` +
    `<path d="M -115 -10 Q -115 110 0 110 Q 115 110 115 -10" stroke="${accent}" stroke-width="18" fill="none"/>` +
    `<rect x="-9" y="110" width="18" height="90"/><rect x="-80" y="195" width="160" height="18" rx="9"/></g>`;
  return svg(
    w,
    h,
    gradient('g', from, to),
    `<rect width="${w}" height="${h}" fill="url(#g)"/>` +
      `<circle cx="1040" cy="300" r="250" fill="#ffffff" fill-opacity="0.08"/>${mic}` +
      `<text x="80" y="150" font-family="${FONT}" font-size="34" font-weight="700" fill="${accent}">THE POWER MIXER PODCAST</text>` +
      `<text x="80" y="215" font-family="${FONT}" font-size="34" fill="#ffffff" fill-opacity="0.85">${esc(episode)}</text>` +
      text,
    0.75,
  );
}

interface Job {
  bucket: Bucket;
  svg: string;
  maxSize: number;
  square?: boolean;
}

/** Renders each SVG to PNG and stores it through storeImage; a few at a time. */
async function renderAll(storage: Storage, jobs: Job[], concurrency = 4): Promise<string[]> {
  const urls: string[] = new Array<string>(jobs.length);
  let next = 0;
  async function worker() {
    while (next < jobs.length) {
      const i = next++;
      const job = jobs[i]!;
      const png = await sharp(Buffer.from(job.svg)).png({ compressionLevel: 0 }).toBuffer();
      urls[i] = await storeImage(storage, job.bucket, png, {
        maxSize: job.maxSize,
        square: job.square,
        folder: 'demo',
      });
    }
  }
  await Promise.all(Array.from({ length: Math.min(concurrency, jobs.length) }, worker));
  return urls;
}

export interface DemoImageRequest {
  /** Initials per member avatar, e.g. 'JL'. */
  avatars: string[];
  events: { name: string; category: string }[];
  /** Captions of the shared event-gallery photos. */
  gallery: string[];
  panelists: { name: string; role: string }[];
  sponsors: string[];
  podcasts: { title: string; episode: string }[];
}

export interface DemoImages {
  avatars: string[];
  events: string[];
  gallery: string[];
  panelists: string[];
  sponsors: string[];
  podcasts: string[];
}

/** Draws and stores every demo image; the URLs come back in the order requested. */
export async function generateDemoImages(storage: Storage, request: DemoImageRequest): Promise<DemoImages> {
  const groups: [keyof DemoImages, Job[]][] = [
    [
      'avatars',
      request.avatars.map((initials, i) => ({
        bucket: 'avatars',
        svg: avatarSvg(initials, i),
        maxSize: 256,
        square: true,
      })),
    ],
    [
      'events',
      request.events.map((e, i) => ({ bucket: 'event-images', svg: eventSvg(e.name, e.category, i), maxSize: 1200 })),
    ],
    ['gallery', request.gallery.map((c, i) => ({ bucket: 'event-images', svg: gallerySvg(c, i), maxSize: 1200 }))],
    [
      'panelists',
      request.panelists.map((p, i) => ({ bucket: 'event-images', svg: panelistSvg(p.name, p.role, i), maxSize: 600 })),
    ],
    ['sponsors', request.sponsors.map((n, i) => ({ bucket: 'sponsor-images', svg: logoSvg(n, i), maxSize: 600 }))],
    [
      'podcasts',
      request.podcasts.map((p, i) => ({
        bucket: 'podcast-images',
        svg: podcastSvg(p.title, p.episode, i),
        maxSize: 960,
      })),
    ],
  ];
  const urls = await renderAll(
    storage,
    groups.flatMap(([, jobs]) => jobs),
  );
  const result = {} as DemoImages;
  let offset = 0;
  for (const [name, jobs] of groups) {
    result[name] = urls.slice(offset, offset + jobs.length);
    offset += jobs.length;
  }
  return result;
}
