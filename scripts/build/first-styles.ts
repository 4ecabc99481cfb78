import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { transform, type Selector } from 'lightningcss';
import type { Plugin, Rolldown } from 'vite';
import { FIRST_STYLES_FILE, type FirstStyles } from '../../src/shared/first-styles';

// Each public screen's first stylesheet: the rules of the whole one (Tailwind writes a single
// stylesheet for every screen's classes) that the page can use before its visitor goes to another
// screen. The server writes it into the page instead of the whole stylesheet, whose link waits
// disabled until the next screen asks for it (src/web/lib/full-styles.ts).
//
// "Can use" is counted from the build: a rule stays when every class its selector names (outside
// :is(), :not() and the like) is a word of the code that may render on that page: index.html's
// static frame, the modules main.tsx imports, the screen's own, and those any of them load later
// (the search dialog, a below-the-fold section), but never another screen. A screen is a module
// the route tables (src/web/app/router.tsx, src/web/app/routes/*-routes.tsx) import dynamically.
// Rules without classes (the base styles, the theme's variables, keyframes) always stay.

const ROUTE_TABLE = /src[\\/]web[\\/]app[\\/](router|routes[\\/][\w-]+-routes)\.tsx$/;

export function firstStyles(): Plugin {
  let root = '';
  return {
    name: 'first-styles',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    async generateBundle(_, bundle) {
      const stylesheets = Object.values(bundle).filter(
        (file): file is Rolldown.OutputAsset => file.type === 'asset' && file.fileName.endsWith('.css'),
      );
      // More than one stylesheet would need each screen's own: not the case while Tailwind's is
      // the only one.
      if (stylesheets.length !== 1) return;
      const [whole] = stylesheets as [Rolldown.OutputAsset];
      const css = typeof whole.source === 'string' ? whole.source : Buffer.from(whole.source).toString('utf8');

      const code = new Map<string, string>();
      for (const file of Object.values(bundle)) {
        if (file.type !== 'chunk') continue;
        for (const [id, module] of Object.entries(file.modules)) code.set(id, module.code ?? '');
      }
      const info = (id: string) => this.getModuleInfo(id);
      const screens = new Set<string>();
      for (const id of code.keys()) {
        if (ROUTE_TABLE.test(id)) for (const dynamic of info(id)?.dynamicallyImportedIds ?? []) screens.add(dynamic);
      }
      const entry = [...this.getModuleIds()].find((id) => info(id)?.isEntry);
      if (!entry) return;
      const page = await readFile(path.join(root, 'index.html'), 'utf8');

      /** The modules a page of this screen may render: static imports, and lazy pieces that are
       * not screens of their own. */
      const reachable = (starts: string[]) => {
        const found = new Set<string>();
        const queue = [...starts];
        for (let id = queue.pop(); id !== undefined; id = queue.pop()) {
          if (found.has(id)) continue;
          found.add(id);
          const module = info(id);
          queue.push(...(module?.importedIds ?? []));
          queue.push(...(module?.dynamicallyImportedIds ?? []).filter((dynamic) => !screens.has(dynamic)));
        }
        return found;
      };
      const manifestKey = (id: string) => path.relative(root, id).split(path.sep).join('/');

      // What every page may render (the frame, the shell), once; then each screen's own.
      const shell = reachable([entry]);
      const everywhere = new Set(words(page));
      for (const id of shell) for (const word of words(code.get(id) ?? '')) everywhere.add(word);
      const result: FirstStyles = { whole: `/${whole.fileName}`, screens: {} };
      for (const screen of screens) {
        const used = new Set(everywhere);
        for (const id of reachable([screen]))
          if (!shell.has(id)) for (const word of words(code.get(id) ?? '')) used.add(word);
        result.screens[manifestKey(screen)] = rulesUsing(css, used);
      }
      this.emitFile({ type: 'asset', fileName: FIRST_STYLES_FILE, source: JSON.stringify(result) });
    },
  };
}

/** Class names travel in strings and attributes, between spaces and quotes. A single quote may
 * also be part of one (after:content-['']): each word counts with and without those around it. */
const WORD_BREAK = /[\s"`]+/;
const words = (text: string) => text.split(WORD_BREAK).flatMap((word) => [word, word.replace(/^'+|'+$/g, '')]);

/** The stylesheet without the rules whose every selector names a class that is not in `words`
 * (a rule with one such selector among others stays whole: the visitor may remove a rule, but a
 * rule it changes does not always survive the way back). */
function rulesUsing(css: string, words: Set<string>): string {
  const used = (selector: Selector) =>
    selector.every((component) => component.type !== 'class' || words.has(component.name));
  const rules = transform({
    filename: 'first.css',
    code: Buffer.from(css),
    minify: true,
    visitor: {
      Rule: {
        style(rule) {
          return rule.value.selectors.some(used) ? undefined : [];
        },
      },
    },
  }).code;
  // Then the registered custom properties (@property) no remaining rule reads.
  const text = rules.toString();
  return transform({
    filename: 'first.css',
    code: rules,
    minify: true,
    visitor: {
      Rule: {
        property(rule) {
          return text.includes(`var(${rule.value.name}`) ? undefined : [];
        },
      },
    },
  }).code.toString();
}
