import QRCode from 'qrcode';
import {
  PDFDocument,
  fill,
  popGraphicsState,
  pushGraphicsState,
  rectangle,
  rgb,
  setFillingColor,
  type PDFFont,
  type PDFOperator,
  type PDFPage,
} from 'pdf-lib';
import { BADGE_LAYOUTS, BADGE_TEXTS, type BadgeLayout, type BadgePaper } from '../../../shared/badges';
import { documentFonts, scriptRuns, type Weight } from './fonts';

// Name badges as a PDF (issue 36), drawn with pdf-lib: a grid of badges per sheet, centred on
// the paper, as the name-badge inserts (4 x 3 in, six to a Letter sheet, Avery 5392) and the
// adhesive labels (3 3/8 x 2 1/3 in, eight to a sheet, Avery 5395) are laid out. Inserts get cut
// lines; labels get none (a line would show any misalignment of the printer). Every size below is
// for the 4 x 3 in badge and scales with the smaller one.

export interface Badge {
  kind: 'member' | 'guest';
  firstName: string;
  fullName: string;
  /** "Position at Company", for a member who gave either. */
  work: string | null;
  /** What the member offers ("Ask me about: commercial lending"), and looks for. */
  offer: string | null;
  ask: string | null;
  /** The member's scan-to-connect address, drawn as a QR code. */
  connectUrl: string | null;
  /** A guest's member. */
  guestOf: string | null;
}

const IN = 72;
const PAPER: Record<BadgePaper, [number, number]> = { letter: [8.5 * IN, 11 * IN], a4: [595.28, 841.89] };
const GEOMETRY: Record<BadgeLayout, { width: number; height: number; gapX: number; gapY: number; cut: boolean }> = {
  insert: { width: 4 * IN, height: 3 * IN, gapX: 0, gapY: 0, cut: true },
  label: { width: 3.375 * IN, height: (7 / 3) * IN, gapX: 0.3125 * IN, gapY: (1 / 6) * IN, cut: false },
};

const BRAND = rgb(0x4f / 255, 0x46 / 255, 0xe5 / 255);
const INK = rgb(0.07, 0.09, 0.15);
const MUTED = rgb(0.29, 0.33, 0.4);
const CUT = rgb(0.75, 0.75, 0.75);

type Fonts = Awaited<ReturnType<typeof documentFonts>>;

/** One line of text in runs of one font each, at one size. */
async function measure(fonts: Fonts, text: string, weight: Weight, size: number) {
  const runs = scriptRuns(text).map((run) => {
    const font = fonts(run.script, weight);
    return { font, text: run.text, width: font.widthOfTextAtSize(run.text, size) };
  });
  return { runs, width: runs.reduce((sum, r) => sum + r.width, 0) };
}

const cutAt = (chars: string[], length: number) => `${chars.slice(0, length).join('').trimEnd()}…`;

/**
 * The size at which the text fits `maxWidth`, from `size` down to `minSize`; below that, the
 * text is cut with an ellipsis. A long name shrinks, never overflows its badge.
 */
async function fitted(fonts: Fonts, text: string, weight: Weight, size: number, minSize: number, maxWidth: number) {
  let line = await measure(fonts, text, weight, size);
  if (line.width <= maxWidth) return { ...line, size };
  const shrunk = Math.max(minSize, (size * maxWidth) / line.width);
  line = await measure(fonts, text, weight, shrunk);
  if (line.width <= maxWidth) return { ...line, size: shrunk };
  // The longest start of the text that fits with an ellipsis, found by halving.
  const chars = [...text];
  let [fits, tooLong] = [0, chars.length];
  while (tooLong - fits > 1) {
    const mid = (fits + tooLong) >> 1;
    if ((await measure(fonts, cutAt(chars, mid), weight, shrunk)).width <= maxWidth) fits = mid;
    else tooLong = mid;
  }
  line = await measure(fonts, cutAt(chars, Math.max(1, fits)), weight, shrunk);
  return { ...line, size: shrunk };
}

function drawLine(
  page: PDFPage,
  line: { runs: { font: PDFFont; text: string; width: number }[]; size: number },
  x: number,
  y: number,
  color = INK,
) {
  let at = x;
  for (const run of line.runs) {
    page.drawText(run.text, { x: at, y, size: line.size, font: run.font, color });
    at += run.width;
  }
}

/** The QR code as one filled path of rectangles, one per run of dark modules in a row: drawn
 * rectangle by rectangle (pdf-lib's drawRectangle, a graphics state each) a sheet of 120 badges
 * took seconds. */
function drawQr(page: PDFPage, url: string, x: number, y: number, size: number) {
  const { modules } = QRCode.create(url, { errorCorrectionLevel: 'M' });
  const n = modules.size;
  const cell = size / n;
  const runs: PDFOperator[] = [];
  for (let row = 0; row < n; row++) {
    let start = -1;
    for (let col = 0; col <= n; col++) {
      const dark = col < n && modules.get(row, col);
      if (dark && start < 0) start = col;
      if (!dark && start >= 0) {
        runs.push(rectangle(x + start * cell, y + size - (row + 1) * cell, (col - start) * cell, cell));
        start = -1;
      }
    }
  }
  page.pushOperators(pushGraphicsState(), setFillingColor(INK), ...runs, fill(), popGraphicsState());
}

async function drawBadge(
  page: PDFPage,
  fonts: Fonts,
  badge: Badge,
  box: { x: number; y: number; width: number; height: number },
  header: string,
) {
  const s = Math.min(box.width / (4 * IN), box.height / (3 * IN));
  const pad = 14 * s;
  const band = 24 * s;
  const inner = box.width - 2 * pad;
  // The header band: the community's colour and the evening's name.
  page.drawRectangle({ x: box.x, y: box.y + box.height - band, width: box.width, height: band, color: BRAND });
  const title = await fitted(fonts, header, 'bold', 9 * s, 6 * s, inner);
  drawLine(page, title, box.x + pad, box.y + box.height - band + (band - title.size) / 2 + 1.5 * s, rgb(1, 1, 1));

  let y = box.y + box.height - band - pad;
  const first = await fitted(fonts, badge.firstName, 'bold', 32 * s, 14 * s, inner);
  y -= first.size * 0.9;
  drawLine(page, first, box.x + pad, y);
  // A name of one word (张伟) is not printed twice.
  if (badge.fullName !== badge.firstName) {
    const full = await fitted(fonts, badge.fullName, 'regular', 12 * s, 7 * s, inner);
    y -= full.size + 5 * s;
    drawLine(page, full, box.x + pad, y, MUTED);
  }

  if (badge.kind === 'guest') {
    const guestOf = await fitted(fonts, BADGE_TEXTS.guestOf(badge.guestOf ?? ''), 'regular', 10 * s, 7 * s, inner);
    drawLine(page, guestOf, box.x + pad, box.y + pad + 2 * s, MUTED);
    return;
  }

  const qr = badge.connectUrl ? 64 * s : 0;
  const beside = inner - (qr ? qr + 12 * s : 0);
  if (badge.work) {
    const work = await fitted(fonts, badge.work, 'regular', 9.5 * s, 6.5 * s, beside);
    y -= work.size + 5 * s;
    drawLine(page, work, box.x + pad, y, MUTED);
  }
  // Offers and asks at the foot, beside the code: at most one line each.
  let foot = box.y + pad;
  for (const text of [badge.ask, badge.offer]) {
    if (!text) continue;
    const line = await fitted(fonts, text, 'regular', 8.5 * s, 6 * s, beside);
    drawLine(page, line, box.x + pad, foot);
    foot += line.size + 4 * s;
  }
  if (badge.connectUrl) {
    const caption = await fitted(fonts, BADGE_TEXTS.scanToConnect, 'regular', 6.5 * s, 5 * s, qr + 8 * s);
    const qx = box.x + box.width - pad - qr;
    drawLine(page, caption, qx + (qr - caption.width) / 2, box.y + pad - 4 * s, MUTED);
    drawQr(page, badge.connectUrl, qx, box.y + pad + caption.size, qr);
  }
}

/** Light lines along the grid's edges, out to the paper's edge, for cutting inserts apart. */
function drawCutLines(
  page: PDFPage,
  grid: { left: number; bottom: number; width: number; height: number; columns: number; rows: number },
  cell: { width: number; height: number },
) {
  const [pw, ph] = [page.getWidth(), page.getHeight()];
  const dash = { thickness: 0.5, color: CUT, dashArray: [3, 3] };
  for (let c = 0; c <= grid.columns; c++) {
    const x = grid.left + c * cell.width;
    page.drawLine({ start: { x, y: 0 }, end: { x, y: ph }, ...dash });
  }
  for (let r = 0; r <= grid.rows; r++) {
    const y = grid.bottom + r * cell.height;
    page.drawLine({ start: { x: 0, y }, end: { x: pw, y }, ...dash });
  }
}

export async function badgesPdf(
  badges: Badge[],
  options: { layout: BadgeLayout; paper: BadgePaper; header: string; title: string },
): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(options.title);
  doc.setCreator('Power Mixer');
  doc.setProducer('Power Mixer');
  const fonts = await documentFonts(doc, [
    { text: options.header, weight: 'bold' },
    { text: BADGE_TEXTS.scanToConnect, weight: 'regular' },
    ...badges.flatMap((b) => [
      { text: b.firstName, weight: 'bold' as const },
      ...[b.fullName, b.work, b.offer, b.ask, b.guestOf && BADGE_TEXTS.guestOf(b.guestOf)]
        .filter((t): t is string => Boolean(t))
        .map((text) => ({ text, weight: 'regular' as const })),
    ]),
  ]);
  const geometry = GEOMETRY[options.layout];
  const { columns, rows } = BADGE_LAYOUTS[options.layout];
  const [pw, ph] = PAPER[options.paper];
  const gridWidth = columns * geometry.width + (columns - 1) * geometry.gapX;
  const gridHeight = rows * geometry.height + (rows - 1) * geometry.gapY;
  const left = (pw - gridWidth) / 2;
  const top = (ph + gridHeight) / 2;
  const perPage = columns * rows;
  for (let start = 0; start < Math.max(1, badges.length); start += perPage) {
    const page = doc.addPage([pw, ph]);
    if (geometry.cut) {
      drawCutLines(
        page,
        { left, bottom: top - gridHeight, width: gridWidth, height: gridHeight, columns, rows },
        geometry,
      );
    }
    const sheet = badges.slice(start, start + perPage);
    for (const [i, badge] of sheet.entries()) {
      const col = i % columns;
      const row = Math.floor(i / columns);
      const x = left + col * (geometry.width + geometry.gapX);
      const y = top - (row + 1) * geometry.height - row * geometry.gapY;
      await drawBadge(page, fonts, badge, { x, y, width: geometry.width, height: geometry.height }, options.header);
    }
  }
  return doc.save();
}
