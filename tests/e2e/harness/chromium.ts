/**
 * Debian's Chromium (`npx playwright install` cannot download here, and CI
 * installs the `chromium` package). A missing browser fails the run: this
 * suite never skips.
 */
import { existsSync } from 'node:fs'
import { delimiter, join } from 'node:path'

/** Where distributions put it; CHROMIUM_PATH overrides, then the PATH is searched. */
const KNOWN = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/snap/bin/chromium']
const NAMES = ['chromium', 'chromium-browser']

export function chromiumPath(): string {
  const fromEnv = process.env.CHROMIUM_PATH
  if (fromEnv) {
    if (existsSync(fromEnv)) return fromEnv
    throw new Error(`CHROMIUM_PATH points at ${fromEnv}, which does not exist. The browser suite does not skip.`)
  }
  const onPath = (process.env.PATH ?? '').split(delimiter).flatMap((dir) => (dir ? NAMES.map((name) => join(dir, name)) : []))
  const found = [...KNOWN, ...onPath].find((candidate) => existsSync(candidate))
  if (found) return found
  throw new Error(
    'Chromium was not found. Install it with `apt-get install -y chromium` (.ci/run does) ' +
      'or point CHROMIUM_PATH at a Chromium binary. The browser suite does not skip.',
  )
}

/** Headless in a container: no sandbox, no GPU, and nothing that phones home mid-test. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-sync',
  '--disable-quic',
]
