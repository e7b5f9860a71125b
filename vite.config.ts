import { defineConfig } from 'vite'
import { twindCss } from './build/twind-css.ts'
import { sizeBudget } from './build/size-budget.ts'
import { asciiOnly } from './build/ascii-only.ts'
import { customElementsJson } from './build/custom-elements.ts'

/** gzip -9 ceiling of dist/flex-portal.js in kB: the 96.5 kB reached, plus 3, rounded up. */
export const SIZE_CEILING_KB = 100

// Two library builds share this file: the default one writes the script-tag
// IIFE, `--mode esm` the ES module. Vite runs one format per entry in IIFE mode.
export default defineConfig(({ command, mode }) => {
  const esm = mode === 'esm'
  return {
    plugins: [twindCss(), asciiOnly(), ...(esm ? [] : [sizeBudget('flex-portal.js', SIZE_CEILING_KB), customElementsJson()])],
    // Library mode leaves process.env.NODE_ENV alone; without this the bundle
    // ships React's development build. Tests keep the development build (act()).
    define: command === 'build' ? { 'process.env.NODE_ENV': JSON.stringify('production') } : {},
    build: {
      outDir: 'dist',
      emptyOutDir: !esm,
      target: 'es2022',
      copyPublicDir: false,
      lib: {
        entry: esm ? 'src/index.ts' : 'src/script-tag.ts',
        name: 'FlexPortal',
        formats: [esm ? 'es' : 'iife'],
        fileName: () => (esm ? 'flex-portal.mjs' : 'flex-portal.js'),
      },
    },
  }
})
