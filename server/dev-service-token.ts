import { randomBytes } from 'node:crypto'
import { chmod, readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { ConfigError, dataFolder } from './config'

export const TOKEN_FILE = 'service-token'

const MIN_LENGTH = 16

/** The file's token, '' if it holds none, undefined if there is no file. */
async function readToken(path: string): Promise<string | undefined> {
  try {
    return (await readFile(path, 'utf8')).trim()
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err
    return undefined
  }
}

/**
 * Outside production without SERVICE_TOKEN, `npm start` makes one for the
 * data folder, so that a newcomer's first `curl` to POST /api/keys/verify
 * works and Usage fills in. It is kept in a file (mode 0600) and read again on
 * the next start, so a provider's test app keeps working across restarts; the
 * banner names the file, never the token, which stays out of every log.
 *
 * A file without a token is never replaced: it is empty for a moment while a
 * starter beside this one writes it (it creates, then writes), and replacing
 * it then would leave the two with different tokens. So it is read again for
 * a while; what stays short (a crash between the create and the write, an
 * edit) is named for the operator to delete, once.
 */
export async function devServiceToken(dataDir: string): Promise<{ token: string; path: string }> {
  const path = join(await dataFolder(dataDir), TOKEN_FILE)
  for (let attempt = 0; attempt < 20; attempt++) {
    const found = await readToken(path)
    if (found !== undefined && found.length >= MIN_LENGTH) return { token: found, path }
    if (found !== undefined) {
      await sleep(25)
      continue
    }
    const token = `dev_${randomBytes(24).toString('base64url')}`
    try {
      // 'wx': two instances starting on one folder share the first one's token.
      await writeFile(path, token + '\n', { mode: 0o600, flag: 'wx' })
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'EEXIST') continue
      throw err
    }
    await chmod(path, 0o600)
    return { token, path }
  }
  throw new ConfigError(
    `${path} holds no service token of ${MIN_LENGTH} characters or more: delete it and the next start makes a new one, or set SERVICE_TOKEN.`,
  )
}
