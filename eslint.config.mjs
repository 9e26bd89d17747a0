import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

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
  // Frontend boundaries: the shell and the remotes meet only through Module Federation (the shell loads each
  // remote's exposed ./App at run time) and libs/ (@matchday/ui, @matchday/contracts), never through each
  // other's source, so each remote builds, deploys and rolls back on its own.
  {
    files: ['mf-*/src/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '(^|/)(shell|mf-[a-z-]+)(/|$)',
              message:
                'A remote imports neither another remote nor the shell: share code through libs/ (@matchday/ui, @matchday/contracts).',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['shell/src/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '(^|/)mf-[a-z-]+(/|$)',
              message: "The shell does not import a remote's source: it loads the remote's ./App through Module Federation.",
            },
          ],
        },
      ],
    },
  },
);
