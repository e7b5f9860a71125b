import type { Queryable } from '../../db/index'

/** Marks the device as one that has signed in to the user's account (sign-up counts). */
export async function rememberDevice(q: Queryable, userId: string, deviceId: string): Promise<void> {
  await q.query(
    `INSERT INTO known_devices (user_id, device_id) VALUES ($1, $2)
     ON CONFLICT (user_id, device_id) DO UPDATE SET last_sign_in_at = now()`,
    [userId, deviceId],
  )
}

/** Whether the device has signed in to the account of this (normalised) e-mail before. */
export async function isKnownDevice(q: Queryable, email: string, deviceId: string): Promise<boolean> {
  const [row] = await q.query<{ known: boolean }>(
    'SELECT true AS known FROM known_devices k JOIN users u ON u.id = k.user_id WHERE u.email = $1 AND k.device_id = $2',
    [email, deviceId],
  )
  return row !== undefined
}

/**
 * Whether the device has signed in to the account of this (normalised)
 * e-mail, and the account has proved the address, read from the device's side:
 * the work depends on the device alone, so for a device that knows no account
 * it is the same whether or not an account uses the address (a password
 * reset's request must not tell). An account whose address nobody proved
 * counts as known to no device: anyone can sign up with a stranger's address,
 * and sign in from as many devices as they like.
 */
export async function deviceKnowsAccount(q: Queryable, email: string, deviceId: string): Promise<boolean> {
  const rows = await q.query<{ email: string | null; proved: boolean }>(
    'SELECT u.email, u.email_verified_at IS NOT NULL AS proved FROM known_devices k JOIN users u ON u.id = k.user_id WHERE k.device_id = $1',
    [deviceId],
  )
  return rows.some((row) => row.email === email && row.proved)
}

/**
 * Forgets the devices that signed in to the account, but `keep`: after a password reset or change, or a
 * sign-out everywhere, a device that knew the account (one of an attacker who had the password) is no longer
 * spared the log-in limits of every other device.
 */
export async function forgetDevices(q: Queryable, userId: string, { keep }: { keep?: string } = {}): Promise<void> {
  await q.query('DELETE FROM known_devices WHERE user_id = $1 AND device_id IS DISTINCT FROM $2', [userId, keep ?? null])
}
