import { defineConfig } from '@lingui/cli';
import { formatter } from '@lingui/format-po';
import { LOCALES, SOURCE_LOCALE } from './src-shared/locales';

export default defineConfig({
  sourceLocale: SOURCE_LOCALE,
  locales: [...LOCALES],
  fallbackLocales: { default: SOURCE_LOCALE },
  catalogs: [
    {
      path: '<rootDir>/locales/{locale}/messages',
      include: ['<rootDir>/src-client', '<rootDir>/src-shared', '<rootDir>/src-server'],
      exclude: ['**/node_modules/**', '**/routeTree.gen.ts'],
    },
  ],
  // Line numbers would churn the catalogs on every edit; the file names are enough for a translator.
  format: formatter({ lineNumbers: false }),
  orderBy: 'messageId',
});
