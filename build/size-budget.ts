/**
 * Prints the gzip -9 size of the script-tag bundle after every build and fails
 * the build above the ceiling, so the size budget cannot slip.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import type { Plugin } from 'vite'

const gzip9 = (buf: Buffer): number => gzipSync(buf, { level: 9 }).length

export function sizeBudget(file: string, ceilingKb: number): Plugin {
  let outDir = 'dist'
  return {
    name: 'flex-size-budget',
    apply: 'build',
    configResolved: (config) => {
      outDir = config.build.outDir
    },
    closeBundle() {
      const bytes = readFileSync(join(outDir, file))
      const kb = gzip9(bytes) / 1000
      console.log(`\n${file}: ${(bytes.length / 1000).toFixed(1)} kB, gzip -9 ${kb.toFixed(1)} kB (ceiling ${ceilingKb} kB)`)
      if (kb > ceilingKb) throw new Error(`${file} is ${kb.toFixed(1)} kB gzip -9, over the ${ceilingKb} kB ceiling`)
    },
  }
}
