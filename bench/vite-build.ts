/**
 * Vite's build as the bench runs it, inside its own process. Vite sets
 * NODE_ENV=production in the process when none is set, and every server the
 * bench spawns afterwards inherited it: the webhook part's server on the
 * embedded database then refused to start without DATABASE_URL. So the
 * variable is put back as it was once the build is done.
 */
import { build, type InlineConfig } from 'vite'

export async function viteBuild(config: InlineConfig): Promise<void> {
  const before = process.env.NODE_ENV
  try {
    await build(config)
  } finally {
    if (before === undefined) delete process.env.NODE_ENV
    else process.env.NODE_ENV = before
  }
}
