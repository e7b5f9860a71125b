import { readFileSync, readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import { generateCss } from './build/twind-css.ts'
const files = (d: string): string[] =>
  readdirSync(d).flatMap((n) => (statSync(join(d, n)).isDirectory() ? files(join(d, n)) : /\.tsx?$/.test(n) ? [join(d, n)] : []))
const css = generateCss(files(process.argv[2]).map((f) => readFileSync(f, 'utf8')))
console.log(css.length, gzipSync(css, { level: 9 }).length)
if (process.argv[3]) console.log(css)
