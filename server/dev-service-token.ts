import { randomBytes } from 'node:crypto'
import { chmod, readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { dataFolder } from './config'

export const TOKEN_FILE = 'service-token'

/**
 * Outside production without SERVICE_TOKEN, `npm start` makes one for the
 * data folder, so that a newcomer's first `curl` to POST /api/keys/verify
 * works and Usage fills in. It is kept in a file (mode 0600) and read again on
 * the next start, so a provider's test app keeps working across restarts; the
 * banner names the file, never the token, which stays out of every log.
 */
export async function devServiceToken(dataDir: string): Promise<{ token: string; path: string }> {
  const path = join(await dataFolder(dataDir), TOKEN_FILE)
  try {
    const token = (await readFile(path, 'utf8')).trim()
    if (token.length >= 16) return { token, path }
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err
  }
  const token = `dev_${randomBytes(24).toString('base64url')}`
  try {
    // 'wx': two instances starting on one folder share the first one's token.
    await writeFile(path, token + '\n', { mode: 0o600, flag: 'wx' })
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') return devServiceToken(dataDir)
    throw err
  }
  await chmod(path, 0o600)
  return { token, path }
}
