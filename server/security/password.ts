import { randomBytes, scrypt as scryptCb, timingSafeEqual, type ScryptOptions } from 'node:crypto'

export interface ScryptCost {
  N: number
  r: number
  p: number
}

// OWASP's minimum for scrypt (N=2^17 would be stronger but needs 128 MB per
// hash). The parameters are stored with each hash, so they can be raised later
// without invalidating existing passwords; a log-in then brings an older hash up to them (hashedAt).
export const SCRYPT_COST: ScryptCost = { N: 1 << 14, r: 8, p: 1 }
const KEY_LENGTH = 64
const SALT_BYTES = 16

const scrypt = (password: string, salt: Buffer, keylen: number, opts: ScryptOptions) =>
  new Promise<Buffer>((resolve, reject) => scryptCb(password.normalize('NFC'), salt, keylen, opts, (err, key) => (err ? reject(err) : resolve(key))))

/** `scrypt$N$r$p$salt$hash` with a fresh random salt per call. */
export async function hashPassword(password: string, { N, r, p }: ScryptCost = SCRYPT_COST): Promise<string> {
  const salt = randomBytes(SALT_BYTES)
  const hash = await scrypt(password, salt, KEY_LENGTH, { N, r, p })
  return ['scrypt', N, r, p, salt.toString('base64'), hash.toString('base64')].join('$')
}

/**
 * Whether `stored` was made at `cost`: one made at another (a cost raised since) is made again at the
 * current cost at the next log-in, when the password is at hand, so raising the cost reaches old accounts.
 */
export function hashedAt(stored: string, { N, r, p }: ScryptCost = SCRYPT_COST): boolean {
  const [scheme, n, r0, p0] = stored.split('$')
  return scheme === 'scrypt' && Number(n) === N && Number(r0) === r && Number(p0) === p
}

/** Constant-time check of `password` against a stored hash. False for any malformed hash. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$')
  if (scheme !== 'scrypt' || !salt || !hash) return false
  const expected = Buffer.from(hash, 'base64')
  const actual = await scrypt(password, Buffer.from(salt, 'base64'), expected.length, {
    N: Number(n),
    r: Number(r),
    p: Number(p),
    maxmem: 256 * Number(n) * Number(r) + 1024 * 1024,
  })
  return actual.length === expected.length && timingSafeEqual(actual, expected)
}

// Made once per cost, for a password nobody knows.
const dummies = new Map<string, Promise<string>>()

/**
 * Spends the same time as a real check of a hash at `cost`, for an e-mail that
 * has no account: otherwise a fast answer would tell an attacker which addresses exist.
 */
export async function burnPasswordCheck(password: string, cost: ScryptCost = SCRYPT_COST): Promise<false> {
  const key = `${cost.N}$${cost.r}$${cost.p}`
  let dummy = dummies.get(key)
  if (!dummy) dummies.set(key, (dummy = hashPassword(randomBytes(32).toString('base64'), cost)))
  await verifyPassword(password, await dummy)
  return false
}
