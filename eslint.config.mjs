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
  // Package boundaries: a package imports another by its name (@matchday/football/src/service, @matchday/ui), never
  // by a relative path into the other package's folder, so that every package can move, build and be read on its own.
  // Every block below sets the whole list for its files (a later block replaces an earlier block's list).
  { files: ['**/*.{ts,tsx,mjs,js,cjs}'], rules: { 'no-restricted-imports': restrictedImports(INTO_ANOTHER_PACKAGE) } },
  // Frontend boundaries: the shell and the remotes meet only through Module Federation (the shell loads each
  // remote's exposed ./App at run time) and libs/ (@matchday/ui, @matchday/contracts), never through each
  // other's source, so each remote builds, deploys and rolls back on its own.
  { files: ['mf-*/src/**/*.{ts,tsx}'], rules: { 'no-restricted-imports': restrictedImports(INTO_ANOTHER_PACKAGE, INTO_ANOTHER_FRONTEND) } },
  // Inside a remote, a feature imports no other feature: what two features share lives in the remote's lib/, and a
  // screen made of several features is composed in exposes/App.tsx. One block per depth below features/<name>/,
  // since a relative path says how far up it climbs: from features/a/components/X.tsx, '../../b' is feature b.
  ...[1, 2, 3, 4, 5].map((depth) => ({
    files: [`mf-*/src/features/*/${'*/'.repeat(depth - 1)}*.{ts,tsx}`],
    rules: { 'no-restricted-imports': restrictedImports(INTO_ANOTHER_PACKAGE, INTO_ANOTHER_FRONTEND, intoAnotherFeature(depth)) },
  })),
  { files: ['shell/src/**/*.{ts,tsx}'], rules: { 'no-restricted-imports': restrictedImports(INTO_ANOTHER_PACKAGE, SHELL_INTO_REMOTE) } },
);
