import { mkdir } from 'node:fs/promises'
import { resolve } from 'node:path'
import { ConfigError } from './settings'

/**
 * The data folder (DATA_DIR), made if it is missing. One the server cannot
 * make (a file in the way, a folder it may not write) stops the start with a
 * sentence naming the variable, as every other wrong setting does, not a stack.
 */
export async function dataFolder(dataDir: string): Promise<string> {
  const dir = resolve(dataDir)
  try {
    await mkdir(dir, { recursive: true })
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code
    const why =
      code === 'EEXIST' || code === 'ENOTDIR' ? 'a file is in the way' : code === 'EACCES' || code === 'EROFS' ? 'it may not be written' : (code ?? 'unknown')
    throw new ConfigError(`DATA_DIR: ${dir} cannot be the data folder (${why}): set DATA_DIR to a folder this server may create and write.`)
  }
  return dir
}
