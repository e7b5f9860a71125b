import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto'

/**
 * AES-256-GCM for the secrets the server must read back (webhook signing
 * secrets), as `v1.<iv>.<tag>.<ciphertext>` in base64url. The row's id is the
 * additional authenticated data, so a ciphertext copied onto another row
 * does not decrypt there.
 */

const KEY_BYTES = 32

/** A 32-byte key written as 64 hex digits or as base64; undefined for anything else. */
export function parseEncryptionKey(raw: string): Buffer | undefined {
  const text = raw.trim()
  if (/^[0-9a-f]{64}$/i.test(text)) return Buffer.from(text, 'hex')
  if (/^[A-Za-z0-9+/_-]+={0,2}$/.test(text)) {
    const key = Buffer.from(text, 'base64')
    if (key.length === KEY_BYTES) return key
  }
  return undefined
}

export const newEncryptionKey = (): Buffer => randomBytes(KEY_BYTES)

let processKey: Buffer | undefined
/** A key for this process only, for an app made without one (tests): what it encrypts is lost when the process ends. */
export const processEncryptionKey = (): Buffer => (processKey ??= newEncryptionKey())

export function encrypt(key: Buffer, plaintext: string, aad: string): string {
  const iv = randomBytes(12)
  const cipher = createCipheriv('aes-256-gcm', key, iv)
  cipher.setAAD(Buffer.from(aad, 'utf8'))
  const data = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()])
  return ['v1', iv, cipher.getAuthTag(), data].map((x) => (typeof x === 'string' ? x : x.toString('base64url'))).join('.')
}

/** Throws when the key is not the one it was encrypted under, or the text was altered. */
export function decrypt(key: Buffer, stored: string, aad: string): string {
  const [version, iv, tag, data] = stored.split('.')
  if (version !== 'v1' || !iv || !tag || data === undefined) throw new Error('Not an encrypted secret of a known version.')
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'))
  decipher.setAAD(Buffer.from(aad, 'utf8'))
  decipher.setAuthTag(Buffer.from(tag, 'base64url'))
  return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8')
}
