// Demo pictures for the seed, drawn offline: an SVG (gradients and shapes) rendered by sharp,
// then stored through storeImage like any upload (re-encoded to WebP). No network access, no
// files shipped with the repository. No words in the pixels: every picture is shown next to
// its title or name, and baked-in text reads as a template (and cannot be translated or read
// by a screen reader).

import sharp from 'sharp';
import { storeImage } from '../../platform/images';
import type { Bucket, Storage } from '../../platform/storage';

/** [from, to, accent] gradients; events use their category's, the rest take turns. */
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

/** One colour family per event category, so a glance at the art tells the kind of event. */
const CATEGORY_PALETTES: Record<string, readonly [string, string, string]> = {
  Mixer: ['#0b1a3a', '#1d4ed8', '#f59e0b'],
  Workshop: ['#042f2e', '#0f766e', '#fde68a'],
  Gala: ['#1e1033', '#6d28d9', '#fbbf24'],
  Panel: ['#3f0d1a', '#be123c', '#fda4af'],
  Conference: ['#0c2a43', '#0369a1', '#a3e635'],
  Community: ['#3b1d0a', '#c2410c', '#fde68a'],
};

const SKIN = ['#f6d7c3', '#e8b996', '#c98e64', '#a86b45', '#7a4a2e', '#5a3623'];
const HAIR = ['#1f1a17', '#3b2416', '#6b4226', '#a0522d', '#d6b370', '#9ca3af'];

function palette(i: number) {
  return PALETTES[((i % PALETTES.length) + PALETTES.length) % PALETTES.length]!;
}

/** A small deterministic generator per picture, so the same seed draws the same art. */
function noise(seed: number) {
  let a = (seed * 2654435761) >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), a | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function gradient(id: string, from: string, to: string, angle: 'diag' | 'vert' = 'diag') {
  const [x2, y2] = angle === 'diag' ? ['1', '1'] : ['0', '1'];
  return `<linearGradient id="${id}" x1="0" y1="0" x2="${x2}" y2="${y2}"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient>`;
}

function glow(id: string, colour: string) {
  return `<radialGradient id="${id}"><stop offset="0" stop-color="${colour}" stop-opacity="0.55"/><stop offset="1" stop-color="${colour}" stop-opacity="0"/></radialGradient>`;
}

/** Drawn on a width x height canvas; `scale` shrinks the rendered pixels, not the drawing. */
function svg(width: number, height: number, defs: string, body: string, scale = 1) {
  const w = Math.round(width * scale);
  const h = Math.round(height * scale);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${width} ${height}"><defs>${defs}</defs>${body}</svg>`;
}

/** A Charlotte-like skyline along the bottom, low enough to leave the motif above it clear:
 * blocks of towers and one crowned tower. */
function skyline(w: number, base: number, fill: string, opacity: number, seed: number) {
  const rnd = noise(seed);
  const parts: string[] = [];
  let x = -20;
  while (x < w) {
    const width = 50 + Math.round(rnd() * 70);
    const height = 40 + Math.round(rnd() * 110);
    parts.push(`<rect x="${x}" y="${base - height}" width="${width - 6}" height="${height}"/>`);
    x += width;
  }
  // The crowned tower, on the left: the motifs are drawn on the right.
  const cx = Math.round(w * (0.12 + rnd() * 0.25));
  parts.push(
    `<path d="M ${cx - 45} ${base} L ${cx - 45} ${base - 190} L ${cx - 30} ${base - 215} L ${cx - 15} ${base - 200} L ${cx} ${base - 235} L ${cx + 15} ${base - 200} L ${cx + 30} ${base - 215} L ${cx + 45} ${base - 190} L ${cx + 45} ${base} Z"/>`,
  );
  return `<g fill="${fill}" fill-opacity="${opacity}">${parts.join('')}<rect x="0" y="${base}" width="${w}" height="400"/></g>`;
}

/** Guests at a mixer: points of light joined by the conversations between them. */
function networkMotif(accent: string, seed: number) {
  const rnd = noise(seed);
  const nodes = Array.from({ length: 8 }, () => [640 + rnd() * 480, 70 + rnd() * 300, 10 + rnd() * 22] as const);
  const lines = nodes
    .flatMap(([x, y], i) =>
      nodes
        .slice(i + 1, i + 3)
        .map(
          ([x2, y2]) =>
            `<line x1="${x.toFixed(0)}" y1="${y.toFixed(0)}" x2="${x2.toFixed(0)}" y2="${y2.toFixed(0)}" stroke="#ffffff" stroke-opacity="0.35" stroke-width="3"/>`,
        ),
    )
    .join('');
  const dots = nodes
    .map(
      ([x, y, r], i) =>
        `<circle cx="${x.toFixed(0)}" cy="${y.toFixed(0)}" r="${r.toFixed(0)}" fill="${i % 3 === 0 ? accent : '#ffffff'}" fill-opacity="${i % 3 === 0 ? 0.95 : 0.7}"/>`,
    )
    .join('');
  return lines + dots;
}

/** A workshop's working surface: a blueprint grid with a few blocks laid out on it. */
function gridMotif(accent: string, seed: number) {
  const rnd = noise(seed);
  const grid: string[] = [];
  for (let x = 640; x <= 1140; x += 50) {
    grid.push(`<line x1="${x}" y1="60" x2="${x}" y2="400" stroke="#ffffff" stroke-opacity="0.12" stroke-width="2"/>`);
  }
  for (let y = 60; y <= 400; y += 50) {
    grid.push(`<line x1="640" y1="${y}" x2="1140" y2="${y}" stroke="#ffffff" stroke-opacity="0.12" stroke-width="2"/>`);
  }
  const blocks = Array.from({ length: 4 }, (_, i) => {
    const x = 640 + Math.floor(rnd() * 8) * 50;
    const y = 60 + Math.floor(rnd() * 5) * 50;
    const size = 50 * (1 + (i % 2));
    return `<rect x="${x + 6}" y="${y + 6}" width="${size - 12}" height="${size - 12}" rx="10" fill="${i === 0 ? accent : '#ffffff'}" fill-opacity="${i === 0 ? 0.9 : 0.25}"/>`;
  });
  return grid.join('') + blocks.join('');
}

/** A gala's evening: a chandelier's arcs and a scatter of sparkles. */
function sparkleMotif(accent: string, seed: number) {
  const rnd = noise(seed);
  const arcs = [120, 170, 220]
    .map(
      (r, i) =>
        `<path d="M ${880 - r} 40 A ${r} ${r} 0 0 0 ${880 + r} 40" stroke="${accent}" stroke-opacity="${0.7 - i * 0.2}" stroke-width="4" fill="none"/>`,
    )
    .join('');
  const star = (x: number, y: number, s: number, colour: string) =>
    `<path d="M ${x} ${y - s} Q ${x} ${y} ${x + s} ${y} Q ${x} ${y} ${x} ${y + s} Q ${x} ${y} ${x - s} ${y} Q ${x} ${y} ${x} ${y - s} Z" fill="${colour}"/>`;
  const stars = Array.from({ length: 9 }, (_, i) =>
    star(620 + rnd() * 520, 60 + rnd() * 330, 10 + rnd() * 26, i % 3 === 0 ? accent : '#ffffff'),
  ).join('');
  return arcs + stars;
}

/** A panel's stage: spotlights on three empty seats. */
function stageMotif(accent: string) {
  const seats = [720, 880, 1040]
    .map(
      (x) =>
        `<path d="M ${x - 60} 90 L ${x + 60} 90 L ${x + 130} 420 L ${x - 130} 420 Z" fill="#ffffff" fill-opacity="0.08"/>` +
        `<circle cx="${x}" cy="70" r="16" fill="${accent}"/>` +
        `<rect x="${x - 40}" y="300" width="80" height="60" rx="12" fill="#ffffff" fill-opacity="0.55"/>` +
        `<rect x="${x - 34}" y="360" width="10" height="60" fill="#ffffff" fill-opacity="0.55"/><rect x="${x + 24}" y="360" width="10" height="60" fill="#ffffff" fill-opacity="0.55"/>`,
    )
    .join('');
  return seats;
}

/** A conference floor: rows of booths under hanging banners. */
function boothMotif(accent: string, seed: number) {
  const rnd = noise(seed);
  const banners = [700, 840, 980, 1120]
    .map(
      (x, i) =>
        `<line x1="${x}" y1="0" x2="${x}" y2="70" stroke="#ffffff" stroke-opacity="0.4" stroke-width="2"/>` +
        `<rect x="${x - 40}" y="70" width="80" height="${120 + Math.round(rnd() * 60)}" rx="6" fill="${i % 2 ? accent : '#ffffff'}" fill-opacity="${i % 2 ? 0.85 : 0.3}"/>`,
    )
    .join('');
  const crowd = Array.from(
    { length: 26 },
    () =>
      `<circle cx="${(620 + rnd() * 540).toFixed(0)}" cy="${(330 + rnd() * 70).toFixed(0)}" r="${(8 + rnd() * 6).toFixed(0)}" fill="#ffffff" fill-opacity="0.45"/>`,
  ).join('');
  return banners + crowd;
}

/** Wide banner for an event (1200x675) in its category's colours. */
export function eventSvg(category: string, index: number): string {
  const [from, to, accent] = CATEGORY_PALETTES[category] ?? palette(index + 2);
  const w = 1200;
  const h = 675;
  const seed = index * 31 + 7;
  const motif =
    category === 'Workshop'
      ? gridMotif(accent, seed)
      : category === 'Gala'
        ? sparkleMotif(accent, seed)
        : category === 'Panel'
          ? stageMotif(accent)
          : category === 'Conference'
            ? boothMotif(accent, seed)
            : networkMotif(accent, seed);
  return svg(
    w,
    h,
    gradient('g', from, to) + glow('l', accent),
    `<rect width="${w}" height="${h}" fill="url(#g)"/>` +
      `<circle cx="${260 + (index % 3) * 60}" cy="220" r="320" fill="url(#l)"/>` +
      motif +
      skyline(w, h - 90, from, 0.85, seed) +
      `<rect x="0" y="${h - 8}" width="${w}" height="8" fill="${accent}"/>`,
  );
}

/** How a drawn person wears their hair; a speaker portrait says which, to fit the person. */
export type HairStyle = 'short' | 'long' | 'bun' | 'crop';

/** A person, head and shoulders, centered at (cx, cy) for a 256-unit frame. */
function portrait(index: number, hair: HairStyle, cx: number, cy: number, scale: number, shirt: string) {
  const skin = SKIN[(index * 5 + 2) % SKIN.length]!;
  const colour = HAIR[(index * 7 + 1) % HAIR.length]!;
  const hairShape =
    hair === 'short'
      ? `<path d="M -52 -20 Q -56 -88 0 -92 Q 56 -88 52 -20 Q 40 -60 0 -62 Q -40 -60 -52 -20 Z" fill="${colour}"/>`
      : hair === 'long'
        ? `<path d="M -58 40 Q -70 -92 0 -94 Q 70 -92 58 40 L 44 40 Q 48 -50 0 -56 Q -48 -50 -44 40 Z" fill="${colour}"/>`
        : hair === 'bun'
          ? `<circle cx="0" cy="-96" r="26" fill="${colour}"/><path d="M -52 -24 Q -54 -84 0 -86 Q 54 -84 52 -24 Q 36 -58 0 -58 Q -36 -58 -52 -24 Z" fill="${colour}"/>`
          : `<path d="M -50 -34 Q -40 -80 0 -80 Q 40 -80 50 -34 Q 30 -52 0 -52 Q -30 -52 -50 -34 Z" fill="${colour}" fill-opacity="0.9"/>`;
  return (
    `<g transform="translate(${cx} ${cy}) scale(${scale})">` +
    `<path d="M -110 150 Q -104 58 -36 50 L 36 50 Q 104 58 110 150 Z" fill="${shirt}"/>` +
    `<rect x="-18" y="20" width="36" height="40" rx="10" fill="${skin}"/>` +
    `<ellipse cx="0" cy="-28" rx="50" ry="58" fill="${skin}"/>` +
    hairShape +
    `</g>`
  );
}

/** An illustration of an event: a room of people drawn as silhouettes under string lights. */
export function gallerySvg(index: number): string {
  const [from, to, accent] = palette(index + 5);
  const w = 1200;
  const h = 800;
  const people: string[] = [];
  for (let i = 0; i < 9; i++) {
    const x = 80 + i * 130 + ((index * 37 + i * 23) % 50);
    const scale = 0.8 + ((index + i * 7) % 5) * 0.1;
    const y = 520 + ((i * 41 + index * 13) % 90);
    const shade = i % 3 === 0 ? accent : '#ffffff';
    const op = i % 3 === 0 ? 0.55 : 0.18 + (i % 4) * 0.06;
    people.push(
      `<g transform="translate(${x} ${y}) scale(${scale.toFixed(2)})" fill="${shade}" fill-opacity="${op.toFixed(2)}">` +
        `<circle cx="0" cy="-120" r="48"/><path d="M -85 300 Q -85 -50 0 -55 Q 85 -50 85 300 Z"/></g>`,
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
      people.join(''),
  );
}

/** A speaker portrait (square, 800 drawn, 600 stored): a drawn person under a spotlight, with the
 * hair the card asks for (members have no drawn avatars: they show their initials). */
export function panelistSvg({ person, hair }: { person: number; hair: HairStyle }): string {
  const [from, to, accent] = palette(person + 7);
  const s = 800;
  return svg(
    s,
    s,
    gradient('g', from, to) + glow('l', '#ffffff'),
    `<rect width="${s}" height="${s}" fill="url(#g)"/>` +
      `<path d="M 330 0 L 470 0 L 700 800 L 100 800 Z" fill="#ffffff" fill-opacity="0.07"/>` +
      `<circle cx="400" cy="360" r="300" fill="url(#l)" fill-opacity="0.4"/>` +
      portrait(person, hair, 400, 470, 2.4, palette(person)[2]) +
      `<rect x="0" y="760" width="${s}" height="40" fill="${accent}" fill-opacity="0.9"/>`,
    0.75,
  );
}

/** A sponsor's mark on a light background (600x300): a geometric emblem, no wordmark. */
export function logoSvg(index: number): string {
  const [from, to, accent] = palette(index * 3 + 1);
  const w = 600;
  const h = 300;
  const marks = [
    `<polygon points="300,50 400,150 300,250 200,150" fill="url(#g)"/><circle cx="300" cy="150" r="40" fill="${accent}"/>`,
    `<rect x="225" y="75" width="150" height="150" rx="34" fill="url(#g)"/><path d="M 260 190 L 300 110 L 340 190 Z" fill="${accent}"/>`,
    `<circle cx="300" cy="150" r="95" fill="url(#g)"/><path d="M 240 175 Q 300 80 360 175" stroke="${accent}" stroke-width="18" fill="none" stroke-linecap="round"/>`,
    `<path d="M 220 230 L 220 110 L 300 60 L 380 110 L 380 230 Z" fill="url(#g)"/><rect x="280" y="160" width="40" height="70" fill="${accent}"/>`,
    `<rect x="200" y="80" width="90" height="140" rx="20" fill="url(#g)"/><rect x="310" y="80" width="90" height="140" rx="45" fill="${accent}"/>`,
    `<path d="M 210 220 L 300 70 L 390 220 Z" fill="url(#g)"/><circle cx="300" cy="175" r="28" fill="${accent}"/>`,
  ];
  return svg(
    w,
    h,
    gradient('g', from, to),
    `<rect width="${w}" height="${h}" fill="#f8fafc"/>${marks[index % marks.length]}`,
  );
}

/** A podcast episode's art (1280x720 drawn, 960 stored): a microphone and its sound waves. */
export function podcastSvg(index: number): string {
  const [from, to, accent] = palette(index + 1);
  const w = 1280;
  const h = 720;
  const rnd = noise(index + 101);
  const bars = Array.from({ length: 22 }, (_, i) => {
    const height = 30 + Math.round(rnd() * 220);
    return `<rect x="${90 + i * 30}" y="${360 - height / 2}" width="16" height="${height}" rx="8" fill="${i % 5 === 0 ? accent : '#ffffff'}" fill-opacity="${i % 5 === 0 ? 0.9 : 0.35}"/>`;
  }).join('');
  // A microphone: head, body and stand.
  const mic =
    `<g transform="translate(960 330)" fill="${accent}">` +
    `<rect x="-70" y="-190" width="140" height="230" rx="70"/>` +
    `<path d="M -115 -10 Q -115 110 0 110 Q 115 110 115 -10" stroke="${accent}" stroke-width="18" fill="none"/>` +
    `<rect x="-9" y="110" width="18" height="90"/><rect x="-80" y="195" width="160" height="18" rx="9"/></g>`;
  return svg(
    w,
    h,
    gradient('g', from, to) + glow('l', accent),
    `<rect width="${w}" height="${h}" fill="url(#g)"/>` +
      `<circle cx="960" cy="320" r="330" fill="url(#l)"/>` +
      `<circle cx="960" cy="300" r="250" fill="#ffffff" fill-opacity="0.08"/>${bars}${mic}`,
    0.75,
  );
}

interface Job {
  bucket: Bucket;
  svg: string;
  maxSize: number;
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
        folder: 'demo',
      });
    }
  }
  await Promise.all(Array.from({ length: Math.min(concurrency, jobs.length) }, worker));
  return urls;
}

export interface DemoImageRequest {
  /** Each event's category, which picks its colours and motif. */
  events: string[];
  gallery: number;
  /** For each speaker portrait, a number that varies the drawing and the hair to draw. */
  panelists: { person: number; hair: HairStyle }[];
  sponsors: number;
  podcasts: number;
}

export interface DemoImages {
  events: string[];
  gallery: string[];
  panelists: string[];
  sponsors: string[];
  podcasts: string[];
}

const times = <T>(n: number, draw: (i: number) => T) => Array.from({ length: n }, (_, i) => draw(i));

/** Every demo picture as SVG source, in the order requested (the tests read them too). */
export function drawDemoImages(request: DemoImageRequest): Record<keyof DemoImages, string[]> {
  return {
    events: request.events.map((category, i) => eventSvg(category, i)),
    gallery: times(request.gallery, gallerySvg),
    panelists: request.panelists.map(panelistSvg),
    sponsors: times(request.sponsors, logoSvg),
    podcasts: times(request.podcasts, podcastSvg),
  };
}

/** Draws and stores every demo image; the URLs come back in the order requested. */
export async function generateDemoImages(storage: Storage, request: DemoImageRequest): Promise<DemoImages> {
  const drawn = drawDemoImages(request);
  const groups: [keyof DemoImages, Job[]][] = [
    ['events', drawn.events.map((svg) => ({ bucket: 'event-images', svg, maxSize: 1200 }))],
    ['gallery', drawn.gallery.map((svg) => ({ bucket: 'event-images', svg, maxSize: 1200 }))],
    ['panelists', drawn.panelists.map((svg) => ({ bucket: 'event-images', svg, maxSize: 600 }))],
    ['sponsors', drawn.sponsors.map((svg) => ({ bucket: 'sponsor-images', svg, maxSize: 600 }))],
    ['podcasts', drawn.podcasts.map((svg) => ({ bucket: 'podcast-images', svg, maxSize: 960 }))],
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
