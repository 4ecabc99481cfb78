import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import fontkit from '@pdf-lib/fontkit';
import type { PDFDocument, PDFFont } from 'pdf-lib';
import subsetFont from 'subset-font';

// The badges' fonts: Noto Sans for Latin, Greek and Cyrillic, Noto Sans Arabic, and Noto Sans SC
// for Chinese (and Japanese kana), installed from npm (@expo-google-fonts, OFL). A line is set in
// runs, each in the font of its script; a font is embedded only when a badge uses it, and only
// the glyphs used (the CJK file is 10 MB; a sheet of names carries a few KB of it).

export type Script = 'latin' | 'arabic' | 'cjk';
export type Weight = 'regular' | 'bold';

const FILES: Record<Script, Record<Weight, string>> = {
  latin: {
    regular: '@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf',
    bold: '@expo-google-fonts/noto-sans/700Bold/NotoSans_700Bold.ttf',
  },
  arabic: {
    regular: '@expo-google-fonts/noto-sans-arabic/400Regular/NotoSansArabic_400Regular.ttf',
    bold: '@expo-google-fonts/noto-sans-arabic/700Bold/NotoSansArabic_700Bold.ttf',
  },
  cjk: {
    regular: '@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf',
    bold: '@expo-google-fonts/noto-sans-sc/700Bold/NotoSansSC_700Bold.ttf',
  },
};

const require = createRequire(import.meta.url);
/** The files' bytes, read once per process (the CJK pair is 21 MB: only when a name needs it). */
const bytes = new Map<string, Promise<Buffer>>();
const fileBytes = (file: string) => {
  let read = bytes.get(file);
  if (!read) {
    read = readFile(require.resolve(file));
    bytes.set(file, read);
  }
  return read;
};

const ARABIC = /[\u0600-\u06ff\u0750-\u077f\u08a0-\u08ff\ufb50-\ufdff\ufe70-\ufeff]/;
const CJK = /[\u2e80-\u2fdf\u3000-\u30ff\u3100-\u31ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uff00-\uffef]/;

export const scriptOf = (char: string): Script | null =>
  ARABIC.test(char) ? 'arabic' : CJK.test(char) ? 'cjk' : /[\s\p{P}]/u.test(char) ? null : 'latin';

/** The text cut where its script changes; spaces and punctuation stay with the run they are in. */
export function scriptRuns(text: string): { script: Script; text: string }[] {
  const runs: { script: Script; text: string }[] = [];
  for (const char of text) {
    const script = scriptOf(char) ?? runs.at(-1)?.script ?? 'latin';
    const last = runs.at(-1);
    if (last && last.script === script) last.text += char;
    else runs.push({ script, text: char });
  }
  return runs;
}

/** Each text's characters, by the font (script and weight) that sets them. */
function charactersByFont(texts: { text: string; weight: Weight }[]) {
  const sets = new Map<string, { script: Script; weight: Weight; chars: Set<string> }>();
  for (const { text, weight } of texts) {
    for (const run of scriptRuns(text)) {
      const key = `${run.script}:${weight}`;
      const set = sets.get(key) ?? { script: run.script, weight, chars: new Set(ELLIPSIS) };
      for (const char of run.text) set.chars.add(char);
      sets.set(key, set);
    }
  }
  return [...sets.values()];
}

/** A cut name ends with one. */
const ELLIPSIS = '… ';

/**
 * The fonts that set `texts`, each cut down to the glyphs these texts need. Latin and CJK are cut by
 * HarfBuzz and embedded whole: pdf-lib's own subsetting (fontkit) dropped glyphs of Noto Sans and
 * Noto Sans SC that pdf.js then drew as nothing.
 */
export async function documentFonts(doc: PDFDocument, texts: { text: string; weight: Weight }[]) {
  doc.registerFontkit(fontkit);
  const embedded = new Map<string, PDFFont>();
  await Promise.all(
    charactersByFont(texts).map(async ({ script, weight, chars }) => {
      const file = await fileBytes(FILES[script][weight]);
      // Arabic stays with fontkit's subsetting: its letters join by cursive positioning, which the
      // HarfBuzz cut lost in pdf-lib's hands; fontkit's own cut keeps them joined (and is whole).
      const font =
        script === 'arabic'
          ? await doc.embedFont(file, { subset: true })
          : await doc.embedFont(await subsetFont(file, [...chars].join(''), { targetFormat: 'truetype' }), {
              subset: false,
            });
      embedded.set(`${script}:${weight}`, font);
    }),
  );
  return (script: Script, weight: Weight): PDFFont => {
    const font = embedded.get(`${script}:${weight}`);
    if (!font) throw new Error(`No ${weight} ${script} font was prepared for this text`);
    return font;
  };
}
