import { transformAsync } from '@babel/core';
import type { Plugin } from 'vite';

const MACRO_IMPORT = /@lingui\/(core|react)\/macro/;
const SCRIPT = /\.[cm]?[jt]sx?$/;

/**
 * Compiles Lingui's macros (`t`, `msg`, `plural`, `<Trans>`) with their Babel plugin. Vite 8 no longer
 * runs Babel, and @rolldown/plugin-babel requires Node 22, so this small plugin does only this one job,
 * only for our own files that import a macro, before Vite's own TypeScript/JSX transform.
 */
export function linguiMacro(): Plugin {
  return {
    name: 'schoolbox:lingui-macro',
    enforce: 'pre',
    async transform(code, id) {
      const file = id.split('?')[0] ?? id;
      if (!SCRIPT.test(file) || file.includes('/node_modules/') || !MACRO_IMPORT.test(code)) return null;
      const result = await transformAsync(code, {
        filename: file,
        babelrc: false,
        configFile: false,
        sourceMaps: true,
        // Parse TypeScript and JSX but leave them in place: Vite transforms them afterwards.
        parserOpts: { plugins: ['typescript', 'jsx'] },
        plugins: ['@lingui/babel-plugin-lingui-macro'],
      });
      return result?.code ? { code: result.code, map: result.map } : null;
    },
  };
}
