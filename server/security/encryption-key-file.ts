import { chmod, readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { ConfigError } from '../config/config-error'
import { newEncryptionKey, parseEncryptionKey } from './encryption'

export const KEY_FILE = 'secret-encryption.key'

/**
 * The embedded default of SECRET_ENCRYPTION_KEY: a key generated once into
 * the data folder (mode 0600) and read from there on every later start. It
 * must travel with the database: without it the stored webhook secrets cannot
 * be read, and every project must roll its secret.
 */
export async function keyFromDataDir(dataDir: string, log: (line: string) => void): Promise<Buffer> {
  const path = join(dataDir, KEY_FILE)
  let text: string | undefined
  try {
    text = await readFile(path, 'utf8')
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err
  }
  if (text !== undefined) {
    const key = parseEncryptionKey(text)
    if (!key) throw new ConfigError(`${path} does not hold a 32-byte key: restore it from a backup, or set SECRET_ENCRYPTION_KEY.`)
    log(`Webhook secrets are encrypted with the key in ${path} (set SECRET_ENCRYPTION_KEY to use your own).`)
    return key
  }
  const key = newEncryptionKey()
  // 'wx': two instances starting on one folder cannot both write a key.
  try {
    await writeFile(path, key.toString('base64') + '\n', { mode: 0o600, flag: 'wx' })
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') return keyFromDataDir(dataDir, log)
    throw err
  }
  await chmod(path, 0o600)
  log(`Generated SECRET_ENCRYPTION_KEY into ${path} (mode 0600): it encrypts the webhook secrets, so back it up with the data, or set SECRET_ENCRYPTION_KEY.`)
  return key
}
