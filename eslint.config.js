import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import globals from 'globals';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

// The web app's floors: app -> features -> components | lib -> shared. A feature folder
// (src/web/features/<noun>/) imports no other feature: what two features share lives in
// components/ or lib/, or the two are put together by a route in app/. components/ and lib/
// import neither features/ nor app/, and features/ does not import app/. Relative paths are
// resolved against the importing file, so any depth (../other/x, ../../features/other/x) counts.
const projectRoot = path.dirname(fileURLToPath(import.meta.url));
const webRoot = path.join(projectRoot, 'src', 'web');

/** Where a file of the web app sits: its top folder (app, features, components, lib...) and, in
 * features/, which feature. null outside src/web. */
function webPlace(file) {
  const relative = path.relative(webRoot, file);
  if (relative.startsWith('..') || path.isAbsolute(relative)) return null;
  const [floor, feature] = relative.split(path.sep);
  return { floor, feature: floor === 'features' ? feature : undefined };
}

/** The text of a string literal or of a template literal without expressions. */
function staticText(node) {
  if (node?.type === 'Literal' && typeof node.value === 'string') return node.value;
  if (node?.type === 'TemplateLiteral' && node.expressions.length === 0) return node.quasis[0].value.cooked;
  return undefined;
}

const webFloors = {
  meta: {
    type: 'problem',
    docs: { description: 'Keeps the web app on its floors: app -> features -> components | lib.' },
    schema: [],
    messages: {
      otherFeature:
        "'{{source}}' is in features/{{to}}: a feature does not import another. Move what both need to components/ or lib/, or compose them in app/routes/.",
      app: "'{{source}}' is in app/: the app composes the features, not the other way round.",
      up: "'{{source}}' is in {{to}}/: components/ and lib/ serve the features and do not import them or the app.",
    },
  },
  create(context) {
    const file = context.filename;
    const from = webPlace(file);
    if (!from || !['features', 'components', 'lib'].includes(from.floor)) return {};
    const check = (node) => {
      const source = staticText(node);
      if (!source || !source.startsWith('.')) return;
      const target = path.resolve(path.dirname(file), source);
      const to = webPlace(target);
      if (!to) return;
      if (from.floor === 'features') {
        if (to.floor === 'app') context.report({ node, messageId: 'app', data: { source } });
        else if (to.floor === 'features' && to.feature !== from.feature)
          context.report({ node, messageId: 'otherFeature', data: { source, to: to.feature ?? '' } });
      } else if (to.floor === 'features' || to.floor === 'app') {
        context.report({ node, messageId: 'up', data: { source, to: to.floor } });
      }
    };
    return {
      ImportDeclaration: (node) => check(node.source),
      ExportNamedDeclaration: (node) => node.source && check(node.source),
      ExportAllDeclaration: (node) => check(node.source),
      ImportExpression: (node) => check(node.source),
      TSImportEqualsDeclaration: (node) =>
        node.moduleReference.type === 'TSExternalModuleReference' && check(node.moduleReference.expression),
      // typeof import('../other/x') in a type
      TSImportType: (node) => check(node.argument?.type === 'TSLiteralType' ? node.argument.literal : node.argument),
    };
  },
};

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'data/**',
      'node_modules/**',
      'test-results/**',
      'playwright-report/**',
      'src/server/db/migrations/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
    },
  },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    plugins: { web: { rules: { floors: webFloors } } },
    rules: {
      'web/floors': 'error',
    },
  },
  {
    files: ['src/web/public/**/*.js'],
    languageOptions: { globals: { ...globals.browser } },
  },
  // The three roots: shared imports neither side; the web app never imports the server.
  {
    files: ['src/shared/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/server/**', '**/web/**', 'node:*'], message: 'src/shared must stay isomorphic.' }] },
      ],
    },
  },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/server/**'], message: 'The web app talks to the server over HTTP only.' }] },
      ],
    },
  },
  // The server's floors: db <- platform <- features <- setup (and app.ts). Tests may reach anywhere.
  {
    files: ['src/server/db/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/platform/**', '**/features/**', '**/setup/**', '**/app'],
              message: 'db is the bottom floor.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/server/platform/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [{ group: ['**/features/**', '**/setup/**', '**/app'], message: 'platform serves the features.' }],
        },
      ],
    },
  },
  {
    files: ['src/server/features/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/setup/**', '**/app'], message: 'setup and app.ts compose the features.' }] },
      ],
    },
  },
);
