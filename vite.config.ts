import { defineConfig } from 'vite'
import { twindCss } from './build/twind-css.ts'
import { sizeBudget, type Budgets } from './build/size-budget.ts'
import { asciiOnly } from './build/ascii-only.ts'
import { customElementsJson } from './build/custom-elements.ts'
import { LOADER_FILE, scriptLoader } from './build/script-loader.ts'

/**
 * gzip -9 ceilings in kB (design.md §5): the scripts a page fetches before its
 * log-in is usable, and every script of the whole product together.
 */
export const BUDGETS: Budgets = { firstScreenKb: 85, totalKb: 135 }

// One ES module build serves both ways in: bundlers import dist/flex-portal.mjs,
// and dist/flex-portal.js (build/script-loader.ts) imports it for a classic
// <script src>. Screens a first screen does not need are dynamic import()s,
// written as chunks (fp-*.js) beside it and fetched from there on first use.
export default defineConfig(({ command }) => ({
  plugins: [twindCss(), asciiOnly(), scriptLoader(), sizeBudget(LOADER_FILE, BUDGETS), customElementsJson()],
  // Library mode leaves process.env.NODE_ENV alone; without this the bundle
  // ships React's development build. Tests keep the development build (act()).
  define: command === 'build' ? { 'process.env.NODE_ENV': JSON.stringify('production') } : {},
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    copyPublicDir: false,
    lib: {
      entry: 'src/index.ts',
      formats: ['es'],
      fileName: () => 'flex-portal.mjs',
    },
    rolldownOptions: {
      output: {
        chunkFileNames: 'fp-[name]-[hash].js',
        // Everything the entry imports statically goes into one file. Rolldown
        // would otherwise cut the first screen into many small shared chunks
        // (https://github.com/rolldown/rolldown/issues/10731): more requests,
        // and worse gzip than one file.
        codeSplitting: { groups: [{ name: 'core', tags: ['$initial'] }] },
        // Vite keeps whitespace in an ES library for bundlers' tree-shaking;
        // this file is also what a script tag runs, so it is minified whole.
        minify: true,
        comments: false,
      },
    },
  },
}))
