import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

/** A relative import that climbs out of its folder and descends into some other `<package>/src`. */
const INTO_ANOTHER_PACKAGE = {
  regex: '^(\\.\\./)+([^./][^/]*/)+src(/|$)',
  message:
    "Import another package by its name (@matchday/<package>/...), not by a relative path into its src: packages do not reach into each other's folders.",
};
const INTO_ANOTHER_FRONTEND = {
  regex: '(^|/)(shell|mf-[a-z-]+)(/|$)',
  message: 'A remote imports neither another remote nor the shell: share code through libs/ (@matchday/ui, @matchday/contracts).',
};
const SHELL_INTO_REMOTE = {
  regex: '(^|/)mf-[a-z-]+(/|$)',
  message: "The shell does not import a remote's source: it loads the remote's ./App through Module Federation.",
};
/** From a file `depth` folders below features/<name>/: climbing exactly to features/ and down again, or to src/ and into features/. */
const intoAnotherFeature = (depth) => ({
  regex: `^(\\.\\./){${depth}}[^./]|^(\\.\\./){${depth + 1}}features(/|$)`,
  message:
    "A feature imports no other feature: move what both use to the remote's lib/, or compose the screen in exposes/App.tsx (pass the other feature's component in).",
});
/** Another package's folders are its own: what others need is exported from its public entry. */
const DEEP_IMPORT = {
  regex: '^@matchday/[^/]+/src(/|$)',
  message:
    'Import a package through its public entry (@matchday/<package>, or an entry such as @matchday/ui/live or @matchday/football/importers), not through its src/ folder: export what you need there.',
};
/** The football service keeps its read side (modules/) and its write side (importers/, the demo generator included) apart. */
const INTO_IMPORTERS = {
  regex: '(^|/)importers(/|$)',
  message:
    'The read side (modules/) does not import the write side (importers/): what both need lives in domain/, and src/service.ts composes the two.',
};
const INTO_MODULES = {
  regex: '(^|/)modules(/|$)',
  message:
    'The write side (importers/) does not import the read side (modules/): what both need lives in domain/, and src/service.ts composes the two.',
};
const restrictedImports = (...patterns) => ['error', { patterns }];

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', '.data*/**', 'test-results/**', 'playwright-report/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,mjs,js,cjs}'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  // Package boundaries: a package imports another by its name and through its public entry (@matchday/ui,
  // @matchday/remote-state), never by a relative path into the other package's folder nor into its src/, so that
  // every package can move, build and be read on its own. Tests, benches and e2e may reach into src/ (last blocks).
  // Every block below sets the whole list for its files (a later block replaces an earlier block's list).
  { files: ['**/*.{ts,tsx,mjs,js,cjs}'], rules: { 'no-restricted-imports': restrictedImports(INTO_ANOTHER_PACKAGE, DEEP_IMPORT) } },
  // Frontend boundaries: the shell and the remotes meet only through Module Federation (the shell loads each
  // remote's exposed ./App at run time) and libs/ (@matchday/ui, @matchday/contracts), never through each
  // other's source, so each remote builds, deploys and rolls back on its own.
  {
    files: ['mf-*/src/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': restrictedImports(INTO_ANOTHER_PACKAGE, DEEP_IMPORT, INTO_ANOTHER_FRONTEND) },
  },
  // Inside a remote, a feature imports no other feature: what two features share lives in the remote's lib/, and a
  // screen made of several features is composed in exposes/App.tsx. One block per depth below features/<name>/,
  // since a relative path says how far up it climbs: from features/a/components/X.tsx, '../../b' is feature b.
  ...[1, 2, 3, 4, 5].map((depth) => ({
    files: [`mf-*/src/features/*/${'*/'.repeat(depth - 1)}*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': restrictedImports(INTO_ANOTHER_PACKAGE, DEEP_IMPORT, INTO_ANOTHER_FRONTEND, intoAnotherFeature(depth)),
    },
  })),
  {
    files: ['shell/src/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': restrictedImports(INTO_ANOTHER_PACKAGE, DEEP_IMPORT, SHELL_INTO_REMOTE) },
  },
  // Dates and times on screen are written by @matchday/ui's dates module alone (its named styles), never by a screen.
  {
    files: ['shell/src/**/*.{ts,tsx}', 'mf-*/src/**/*.{ts,tsx}', 'libs/ui/src/**/*.{ts,tsx}'],
    ignores: ['libs/ui/src/dates.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...['toLocaleDateString', 'toLocaleTimeString'].map((name) => ({
          selector: `CallExpression[callee.property.name='${name}']`,
          message: `Write dates with a style of @matchday/ui's dates module (kickoffLabel, kickoffDateTime, ...), not ${name}.`,
        })),
        ...['CallExpression', 'NewExpression'].map((node) => ({
          selector: `${node}[callee.object.name='Intl'][callee.property.name='DateTimeFormat'][arguments.length>0]`,
          message: "Write dates with a style of @matchday/ui's dates module (kickoffLabel, kickoffDateTime, ...), not Intl.DateTimeFormat.",
        })),
      ],
    },
  },
  // Tests, benches and e2e may import a package's internals by path (@matchday/football/src/...).
  {
    files: ['**/test/**/*.{ts,tsx}', 'test/**/*.ts', 'e2e/**/*.ts', 'bench/**/*.ts'],
    rules: { 'no-restricted-imports': restrictedImports(INTO_ANOTHER_PACKAGE) },
  },
  // The football service: modules/ (reads) and importers/ (writes) never import each other, tests included.
  {
    files: ['services/football/src/modules/**/*.ts'],
    rules: { 'no-restricted-imports': restrictedImports(INTO_ANOTHER_PACKAGE, DEEP_IMPORT, INTO_IMPORTERS) },
  },
  {
    files: ['services/football/src/modules/**/test/**/*.ts'],
    rules: { 'no-restricted-imports': restrictedImports(INTO_ANOTHER_PACKAGE, INTO_IMPORTERS) },
  },
  {
    files: ['services/football/src/importers/**/*.ts'],
    rules: { 'no-restricted-imports': restrictedImports(INTO_ANOTHER_PACKAGE, DEEP_IMPORT, INTO_MODULES) },
  },
);
