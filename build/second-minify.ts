/**
 * A second minification of the classic script's chunks, by terser, after the
 * bundler's own (oxc's) and after every other plugin has written the code:
 * terser's passes fold some of what oxc leaves (repeated reads, conditions
 * across statements, shorter forms of the same expressions). A file keeps
 * terser's output only where it is smaller gzip -9, the measure of every
 * budget: the chunks are (0.1–0.3 kB each, 0.47 kB in all). The script itself,
 * mostly React, is too, by 0.2 kB, if terser neither inlines a function called
 * once into its caller nor joins statements into sequences: with both it was
 * 0.2 kB larger, their text no longer what gzip found repeated; the chunks are
 * 0.1 kB larger without them (docs/performance.md, "What keeps it small").
 *
 * Only terser's safe transforms: no `unsafe*`, and property reads kept
 * (`pure_getters` would drop a read done for its effect). Each file is
 * minified as the classic script it is, not a module. `require` (each chunk
 * factory's first parameter) and the runtime's tables `N` and `D` keep their
 * names: the build tests read the chunks' requires and the tables by them.
 */
import { gzipSync } from 'node:zlib'
import { minify } from 'terser'
import type { Plugin } from 'vite'

const gzipped = (code: string) => gzipSync(code, { level: 9 }).length

export function secondMinify(): Plugin {
  return {
    name: 'flex-second-minify',
    apply: 'build',
    generateBundle: {
      // After the other plugins' generateBundle (the chunks' wrapping, the ASCII escapes); before the
      // size check and the compressed copies, which read the bundle as written (writeBundle).
      order: 'post',
      async handler(_, bundle) {
        for (const file of Object.values(bundle)) {
          if (file.type !== 'chunk') continue
          const out = await minify(file.code, {
            ecma: 2020,
            module: false,
            compress: file.isEntry ? { passes: 3, reduce_funcs: false, sequences: false } : { passes: 3 },
            mangle: { reserved: ['require', 'N', 'D'] },
            // The escapes of non-ASCII characters (ascii-only.ts) kept; the licence comment at the script's head too.
            format: { ascii_only: true, comments: 'some' },
          })
          if (out.code !== undefined && gzipped(out.code) < gzipped(file.code)) file.code = out.code
        }
      },
    },
  }
}
