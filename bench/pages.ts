/**
 * The pages the browser benchmarks load, written to a temporary folder that
 * the server serves next to dist/ (same origin, same headers, same CSP as the
 * demo pages): no inline script, so the measuring code comes in through
 * Playwright's init script instead.
 */
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { writeCompressed } from '../build/precompress'
import { ROOT } from './paths'
import { viteBuild } from './vite-build'

const page = (title: string, body: string) =>
  `<!doctype html>\n<html lang="en">\n<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title></head>\n<body>\n${body}\n</body>\n</html>\n`

/** Ten elements on one page: two of each tag (memory benchmark). */
const TEN_ELEMENTS = ['flex-portal', 'flex-login', 'flex-signup', 'flex-projects', 'flex-project-detail']
  .flatMap((tag) => [1, 2].map((i) => `<${tag}${tag === 'flex-project-detail' ? ` project-id="prj_bench_${i}"` : ''} router="memory"></${tag}>`))
  .join('\n')

export const PAGES = {
  portal: '/bench-portal.html',
  bare: '/bench-bare-react.html',
  one: '/bench-one-element.html',
  ten: '/bench-ten-elements.html',
}

/** Builds the bare React page's script the way the portal is built (IIFE, production React, minified). */
async function buildBareReact(dir: string): Promise<void> {
  await viteBuild({
    configFile: false,
    root: ROOT,
    logLevel: 'silent',
    define: { 'process.env.NODE_ENV': JSON.stringify('production') },
    build: {
      outDir: dir,
      emptyOutDir: false,
      target: 'es2022',
      copyPublicDir: false,
      lib: { entry: join(ROOT, 'bench/bare-react/main.tsx'), name: 'BareReact', formats: ['iife'], fileName: () => 'bench-bare-react.js' },
    },
  })
}

export async function writePages(dir: string): Promise<void> {
  await buildBareReact(dir)
  // Served as the portal's scripts are: the build's brotli and gzip copies beside it.
  await writeCompressed(dir, 'bench-bare-react.js', readFileSync(join(dir, 'bench-bare-react.js')))
  const files: Record<string, string> = {
    [PAGES.portal]: page('Portal', '<flex-portal></flex-portal>\n<script src="/flex-portal.js"></script>'),
    [PAGES.bare]: page('Bare React 19', '<div id="root"></div>\n<script src="/bench-bare-react.js"></script>'),
    [PAGES.one]: page('One element', '<flex-login router="memory"></flex-login>\n<script src="/flex-portal.js"></script>'),
    [PAGES.ten]: page('Ten elements', `${TEN_ELEMENTS}\n<script src="/flex-portal.js"></script>`),
  }
  for (const [path, html] of Object.entries(files)) writeFileSync(join(dir, path), html)
}
