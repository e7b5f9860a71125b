import { randomId, sha256 } from '../../security/random'

/** A webhook signing secret of 256 random bits, shown once. */
export function newWebhookSecret(): { secret: string; hash: string } {
  const secret = randomId('whsec_', 32)
  return { secret, hash: sha256(secret) }
}
