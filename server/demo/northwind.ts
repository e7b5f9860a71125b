import { Hono } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { deleteCookie, getCookie, setCookie } from 'hono/cookie'
import { HostSession } from '../../contract/requests'

/** The demo product's own session cookie: the signed-in user's name, nothing else. */
export const NORTHWIND_COOKIE = 'northwind_user'
/**
 * A refused sign-in, for the page to show once (existing.js): `{ name, message }`, the name as typed (trimmed, 60 characters at most) and
 * why the portal would refuse it. A cookie, as the form's answer is a redirect back to the static page.
 */
export const NORTHWIND_REFUSAL_COOKIE = 'northwind_signin_refused'

/**
 * Northwind's backend, for /existing.html (only with DEMO_HOST_SESSIONS=true):
 * a tiny log-in of its own (any name, a cookie) and the route its page's
 * portal elements call through `session-url`, which asks the portal's
 * `POST /api/sessions` for a code, with the service token, as a provider's
 * backend would. A demo only: there is no password, so anyone is anyone.
 */
/**
 * Northwind's demo users have a name and no e-mail, but a real product sends
 * its user's (POST /sessions): without one, the portal has none to show (the
 * Members table's E-mail column, the account menu). The demo makes a stable one
 * of the name; a name with no Latin letter or digit gets its bytes in hex.
 */
export const northwindEmail = (name: string): string => {
  const local = name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '.')
    .replace(/^\.|\.$/g, '')
  return `${local || Buffer.from(name).toString('hex').slice(0, 60)}@northwind.example`
}

/** What Northwind's backend sends the portal's POST /api/sessions for its user. */
const hostSession = (name: string) => {
  const email = northwindEmail(name)
  // Northwind gives each user its address (northwindEmail), so it vouches for it (emailVerified: the invitations
  // to it are theirs). One user an address: "Ada Lovelace" and "ada.lovelace" share one, so they are one user,
  // where two users of one address would each see the other's invitations.
  return { externalId: `northwind:${email}`, name, email, emailVerified: true }
}

/**
 * Why the portal would refuse to sign this name in, in its own words (its POST /api/sessions rule, from
 * contract/), else undefined: refused at Northwind's sign-in, the name is never signed in, to fail later as a 502.
 */
const northwindRefusal = (name: string): string | undefined => HostSession.safeParse(hostSession(name)).error?.issues[0]?.message

export function northwindDemo(callApi: (path: string, init: RequestInit) => Promise<Response>, serviceToken: string) {
  // Readable by the page's script (not HttpOnly) so it can choose its layout
  // before the portal's elements start; a real product keeps its session cookie HttpOnly.
  const cookie = { path: '/', sameSite: 'Lax', httpOnly: false } as const
  // Cut by characters, not UTF-16 units: a 60th character that is an emoji, cut in half, made the cookie a 500.
  const userOf = (name: string | undefined) => [...(name?.trim() ?? '')].slice(0, 60).join('').trim() || undefined

  return (
    new Hono()
      // Outside /api, so outside its body limit: a name is all this form carries.
      .post('/login', bodyLimit({ maxSize: 4096, onError: (c) => c.text('A name is all this form takes.', 413) }), async (c) => {
        // A body that is no form (a multipart one without its boundary) signs in nobody, as a form without a name does.
        const form = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>)
        const name = userOf(typeof form.name === 'string' ? form.name : undefined)
        const refusal = name && northwindRefusal(name)
        if (refusal) setCookie(c, NORTHWIND_REFUSAL_COOKIE, JSON.stringify({ name, message: refusal }), { ...cookie, maxAge: 60 })
        else if (name) setCookie(c, NORTHWIND_COOKIE, name, cookie)
        return c.redirect('/existing.html', 303)
      })
      .post('/logout', (c) => {
        deleteCookie(c, NORTHWIND_COOKIE, cookie)
        return c.redirect('/existing.html', 303)
      })
      .post('/portal-session', async (c) => {
        const name = userOf(getCookie(c, NORTHWIND_COOKIE))
        // A name the portal refuses (signed in before the sign-in checked it, or a cookie edited by hand) is no
        // user: signed out here, where the portal's refusal made it a 502 on every page load.
        const refused = name !== undefined && northwindRefusal(name) !== undefined
        if (refused) deleteCookie(c, NORTHWIND_COOKIE, cookie)
        if (!name || refused) return c.json({ message: 'Sign in to Northwind first.' }, 401)
        const res = await callApi('/api/sessions', {
          method: 'POST',
          headers: { Authorization: `Bearer ${serviceToken}`, 'Content-Type': 'application/json' },
          body: JSON.stringify(hostSession(name)),
        })
        if (res.status !== 201) return c.json({ message: 'The portal could not sign you in.' }, 502)
        const { code } = (await res.json()) as { code: string }
        c.header('Cache-Control', 'no-store')
        return c.json({ code })
      })
  )
}
