import { sha256 } from '../../security/random'
import { newSigningSecret } from '../webhooks'

/**
 * A project's webhook signing secret (whsec_ + base64 of 32 random bytes),
 * shown once. Its hash fills the column projects had before webhooks; the
 * secret itself is stored encrypted by the webhooks resource.
 */
export function newWebhookSecret(): { secret: string; hash: string } {
  const secret = newSigningSecret()
  return { secret, hash: sha256(secret) }
}
