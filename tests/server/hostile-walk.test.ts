/**
 * Every operation of the served OpenAPI document, walked with hostile values:
 * each path parameter, each query parameter, each header parameter, each
 * top-level body property (and each field of a batch's entries) in turn, then
 * the body as a whole, the credentials, stray query text and the methods a
 * path does not document, the rest of the request valid and sent with the
 * right credentials.
 * Whatever comes, the answer is a refusal with a JSON { message, code } (or a
 * success), never a 5xx, a hung request or an error line in the log. The
 * operations are read from the document, so an operation added later is walked
 * too (the fixture must be told its ids and a valid body, or the walk fails).
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEVICE_UNKNOWN } from '../../contract/constants'
import { ERROR_CODES } from '../../contract/error-codes'
import { NO_RATE_LIMITS, createTestServer, deviceToken, newProject, signUp, uniqueEmail, type SignedUp, type TestResponse, type TestServer } from './harness'
import { addMember, verifyEmail } from './teams'

const SERVICE_TOKEN = 'service-token-for-the-hostile-walk'
const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const

type Json = Record<string, unknown>
type Part = 'path' | 'query' | 'body json' | 'body text' | 'entries' | 'rest'
type Parameter = { name: string; in: 'path' | 'query' | 'header' }
type Operation = { security?: Json[]; parameters?: Json[]; requestBody?: Json }
type Document = { paths: Record<string, Record<string, Operation>>; components: Json }

/** A JSON value for a body property: a value JSON.stringify writes, or raw JSON text where it cannot (`1e309`). */
type BodyValue = { value: unknown } | { json: string }
const v = (value: unknown): BodyValue => ({ value })
const raw = (json: string): BodyValue => ({ json })

const LONG = 'x'.repeat(100_000)
/** Text every field, query and path parameter is sent (a path parameter as much of it as a path can carry). */
const WORDS: string[] = ['__proto__', 'constructor', 'prototype', '-1', '1e309', 'NaN', '9007199254740993', '0x10', '\u202egnp.exe', '😀', "' OR '1'='1"]
/** Text that a path cannot carry as it is, or that only a body's or a query's formats (dates, addresses, URLs) read. */
const TEXTS: string[] = [
  ...WORDS,
  '',
  ' ',
  'x'.repeat(60_000),
  LONG,
  'a\u0000b',
  '\u0001\u001b[31m\u007f',
  'a\r\nX-Injected: 1',
  '\ud800',
  'a\udfffb',
  '\ufeff\u200b',
  '..%2F..',
  '+275760-09-13T00:00:00.001Z',
  '0000-00-00T00:00:00Z',
  '::ffff:1.2.3.4/200',
  'http://[::1',
]
/** Values of the wrong JSON type for most fields, and numbers a field of numbers cannot hold. */
const JSON_VALUES: BodyValue[] = [
  v(12345),
  v(1.5),
  raw('-0'),
  raw('1e309'),
  raw('1e-400'),
  raw('9007199254740993'),
  v(true),
  v(null),
  v(['x']),
  v({}),
  raw('{"__proto__":{"polluted":true}}'),
]
/** Path segments as they go on the wire: percent-encodings that decode to nothing storable or nothing at all, and words encoded. */
const PATH_SEGMENTS: string[] = [
  '%00',
  '%ZZ',
  '%',
  '%E0%A4%A',
  '%ED%A0%80',
  '%FF',
  '%0D%0A',
  '..%2F..',
  '%2e%2e',
  '.',
  '%20',
  'x'.repeat(10_000),
  ...WORDS.map(encodeURIComponent),
]
/** A query parameter's value; the parameter is also sent twice, bare, and as an array. */
const QUERY_TEXTS: string[] = [
  '%00',
  '%ZZ',
  '%ED%A0%80',
  '%0D%0A',
  '+1',
  '%20%205',
  '1.0',
  ...TEXTS.filter((t) => !/[\ud800-\udfff]/.test(t)).map(encodeURIComponent),
  // Page cursors (a time and a request id, base64url) no page could have made: the last millisecond of 9999, past it, NUL, a long id.
  ...['253402300799999:req_x', '253402300800000:req_x', '0:\u0000', '1:\u202e', `0:${'x'.repeat(1000)}`, '-1:x'].map((c) =>
    Buffer.from(c).toString('base64url'),
  ),
]
/** Values a header can carry at all (no NUL, no line break: fetch refuses those before they are sent). */
const HEADER_TEXTS = ['', '*', '"', 'W/"x"', '"a", W/"b", *', 'x'.repeat(10_000), '\u00ff\u00fe', '__proto__']

/** The body as a whole; `readable` marks those a server may still read as the valid body (it gets targets of its own). */
const WHOLE_BODIES: Array<{ what: string; raw: (valid: string) => string | Uint8Array<ArrayBuffer>; type?: string; readable?: boolean }> = [
  { what: 'not JSON', raw: () => 'not json' },
  { what: 'an empty body', raw: () => '' },
  { what: 'JSON null', raw: () => 'null' },
  { what: 'a JSON array', raw: () => '[]' },
  { what: 'the valid body in an array', raw: (valid) => `[${valid}]` },
  { what: 'the valid body cut short', raw: (valid) => valid.slice(0, -1) },
  { what: 'the valid body after a byte-order mark', raw: (valid) => `\ufeff${valid}`, readable: true },
  {
    what: 'bytes that are not UTF-8',
    raw: (valid) => new Uint8Array([...new TextEncoder().encode(valid.slice(0, -1)), 0x2c, 0x22, 0xff, 0x22, 0x3a, 0x31, 0x7d]),
  },
  {
    what: '__proto__ and constructor beside the valid fields',
    raw: (valid) => `{"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}},${valid.slice(1)}`,
    readable: true,
  },
  { what: 'every field twice, the second a number', raw: (valid) => `${valid.slice(0, -1)}${valid === '{}' ? '' : ','}${twice(valid)}}` },
  { what: 'a body over the limit', raw: () => JSON.stringify({ x: LONG }) },
  { what: 'the valid body as text/plain', raw: (valid) => valid, type: 'text/plain' },
  { what: 'a form', raw: () => 'name=x&email=y', type: 'application/x-www-form-urlencoded' },
  { what: 'the valid body in UTF-16', raw: (valid) => new Uint8Array(Buffer.from(valid, 'utf16le')), type: 'application/json; charset=utf-16' },
  { what: 'the valid body with no Content-Type', raw: (valid) => valid, type: '' },
]
const twice = (valid: string) =>
  Object.keys(JSON.parse(valid) as Json)
    .map((k) => `${JSON.stringify(k)}:7`)
    .join(',')
/** Authorization headers a token-checking call refuses. */
const AUTHORIZATIONS = [
  '',
  'Bearer',
  'Bearer ',
  'Basic dXNlcjpwYXNz',
  'Bearer a b',
  `Bearer ${'x'.repeat(10_000)}`,
  'Bearer \u00ff\u00fe',
  'Bearer __proto__',
  'bearer fxd_x, Bearer fxa_y',
]
/** Query text beside the documented parameters: every operation gets it. */
const STRAY_QUERIES = ['?__proto__=x&constructor=y&prototype=z', '?%ZZ=%00', `?x=${'y'.repeat(20_000)}`]

const AUTH_CODES = ['AUTH_REQUIRED', 'SESSION_EXPIRED', DEVICE_UNKNOWN, 'SERVICE_TOKEN_REQUIRED']

interface Call {
  method: string
  path: string
  token?: string
  body?: string | Uint8Array<ArrayBuffer>
  type?: string
  headers?: Record<string, string>
  /** The Authorization header as sent, for the cases about credentials themselves. */
  authorization?: string
}

describe('hostile values on every documented operation', () => {
  let s: TestServer
  let doc: Document
  let mailDir: string
  beforeAll(async () => {
    mailDir = await mkdtemp(join(tmpdir(), 'flex-hostile-walk-mail-'))
    s = await createTestServer({
      config: {
        serviceToken: SERVICE_TOKEN,
        rateLimit: NO_RATE_LIMITS,
        keyLimit: 10_000,
        memberLimit: 10_000,
        webhooks: { endpointLimit: 10_000, testEventsPerMinute: 1_000_000, allowPrivateNetworks: true },
        mail: { folder: mailDir },
      },
    })
    doc = (await s.request('GET', '/api/openapi.json')).body as Document
  })
  afterAll(async () => {
    await s?.close()
    await rm(mailDir, { recursive: true, force: true })
  })

  /** The walk's cases of one part, over every operation; each part is a test of its own, to keep each within its time. */
  let walk: (part: Part) => Promise<void>
  /** What a part found; emptied by each part's test. */
  const failures: string[] = []
  const counts: Record<string, number> = {}
  let sent = 0
  let finish: () => Promise<void>
  beforeAll(async () => {
    // ---- the data every operation's ids and credentials come from ----
    const owner = await signUp(s, { name: 'Owner' })
    await verifyEmail(s, owner)
    const member = await signUp(s, { name: 'Member' })
    const self = await signUp(s, { name: 'Self' })
    const leaver = await signUp(s, { name: 'Leaver' })
    const device = await deviceToken(s)
    const project = await newProject(s, owner.accessToken)
    const ok = (res: TestResponse, status: number) => {
      if (res.status !== status) throw new Error(`fixture: ${res.status} ${res.text}`)
      return res.body
    }
    const manage = `/api/manage/dapp/${project.id}`
    const newKey = async (projectId = project.id) =>
      Object.keys(ok(await s.request('POST', `/api/manage/dapp/${projectId}/api-key`, { token: owner.accessToken }), 201))[0]
    const keyId = await newKey()
    const keyText = ok(await s.request('POST', `${manage}/api-key`, { token: owner.accessToken }), 201) as Record<string, string>
    const newEndpoint = async () =>
      ok(await s.request('POST', `${manage}/webhooks`, { token: owner.accessToken, body: { url: 'http://127.0.0.1:9/walk' } }), 201).id as string
    const endpointId = await newEndpoint()
    const messageId = ok(await s.request('POST', `${manage}/webhooks/${endpointId}/test`, { token: owner.accessToken }), 202).id as string
    const memberId = await addMember(s, project.id, member, 'viewer')
    const invite = async (projectId: string, email: string) =>
      ok(await s.request('POST', `/api/manage/dapp/${projectId}/members`, { token: owner.accessToken, body: { email, role: 'viewer' } }), 201).id as string
    const pendingId = await invite(project.id, uniqueEmail('pending'))
    const other = await newProject(s, owner.accessToken, { name: 'Invited to' })
    const invitationId = await invite(other.id, member.email)
    const hostUser = async () => {
      const externalId = `walk-${uniqueEmail('host')}`
      const code = ok(await s.request('POST', '/api/sessions', { token: SERVICE_TOKEN, body: { externalId } }), 201).code as string
      ok(await s.request('POST', '/api/auth/exchange', { token: device, body: { code } }), 200)
      return externalId
    }
    const externalId = await hostUser()
    const requestId = 'req_hostile_walk'
    const logged = { requestId, keyId, method: 'GET', route: '/v1/walk', status: 200, durationMs: 3, at: new Date().toISOString() }
    ok(await s.request('POST', '/api/logs', { token: SERVICE_TOKEN, body: { entries: [logged] } }), 202)
    const signIn = async (who: SignedUp) =>
      ok(await s.request('POST', '/api/auth/authenticate', { token: device, body: { email: who.email, password: who.password } }), 200).accessToken as string

    // ---- what a valid call of each operation is, and who makes it ----
    type Target = { ids: Record<string, string>; token?: string; body?: Json }
    const shared: Record<string, string> = { id: project.id, keyId, endpointId, messageId, invitationId, externalId, requestId }
    // The member a call acts on: a pending invitation for those that remove or resend, a joined member for the others.
    const memberFor = (key: string) => (/^(DELETE|POST) .*\{memberId\}/.test(key) ? pendingId : memberId)
    const tokenFor = (key: string, security: Json[]): string | undefined => {
      const scheme = Object.keys(security[0] ?? {})[0]
      if (scheme === 'serviceToken') return SERVICE_TOKEN
      if (scheme === 'deviceToken') return device
      if (scheme !== 'accessToken') return undefined
      if (/ \/invitations/.test(key)) return member.accessToken
      if (/ \/(me|auth)\b/.test(key)) return self.accessToken
      return owner.accessToken
    }
    const BODIES: Record<string, () => Json> = {
      'POST /device': () => ({ deviceUDID: 'web-walk', deviceType: 'WEB' }),
      'POST /register': () => ({ name: 'Walker', email: uniqueEmail('walk'), password: 'correct horse battery' }),
      'POST /auth/authenticate': () => ({ email: self.email, password: self.password }),
      'POST /auth/password/forgot': () => ({ email: self.email }),
      'POST /auth/password/reset': () => ({ email: self.email, code: '0000000000', password: 'another long phrase' }),
      'POST /auth/email/verify': () => ({ code: '0000000000' }),
      'PATCH /me': () => ({ name: 'Self' }),
      'DELETE /me': () => ({ password: self.password }),
      'POST /me/password': () => ({ currentPassword: self.password, newPassword: 'another long phrase' }),
      'POST /sessions': () => ({ externalId: `walk-${uniqueEmail('session')}`, name: 'Host user' }),
      'POST /auth/exchange': () => ({ code: 'fxc_not-a-real-code' }),
      'POST /manage/dapp': () => ({ name: 'Walked', description: 'A walk' }),
      'PATCH /manage/dapp/{id}': () => ({ name: 'Walked' }),
      'POST /manage/dapp/{id}/api-key': () => ({ name: 'Walk key' }),
      'PATCH /manage/dapp/{id}/api-key/{keyId}': () => ({ name: 'Walked key' }),
      'POST /manage/dapp/{id}/api-key/{keyId}/roll': () => ({ graceSeconds: 0 }),
      'POST /webhooks/messages': () => ({ projectId: project.id, eventType: 'webhook.test', payload: { ok: true } }),
      'POST /manage/dapp/{id}/webhooks': () => ({ url: 'http://127.0.0.1:9/walk', description: 'walk' }),
      'PATCH /manage/dapp/{id}/webhooks/{endpointId}': () => ({ description: 'walked' }),
      'POST /manage/dapp/{id}/webhooks/{endpointId}/test': () => ({ eventType: 'webhook.test' }),
      'POST /manage/dapp/{id}/webhooks/secret/roll': () => ({ graceSeconds: 60 }),
      'POST /manage/dapp/{id}/members': () => ({ email: uniqueEmail('invitee'), role: 'viewer' }),
      'PATCH /manage/dapp/{id}/members/{memberId}': () => ({ role: 'developer' }),
      'POST /manage/dapp/{id}/owner': () => ({ memberId, password: owner.password }),
      'POST /invitations/accept': () => ({ code: 'fxi_not-a-real-code' }),
      'POST /logs': () => ({ entries: [logged] }),
      'POST /keys/verify': () => ({ key: Object.values(keyText)[0] }),
    }
    /**
     * The operations a valid call ends something of the walk's (a project, a key, a session, an account): a case that
     * leaves the rest of the request valid (stray query text, a body the call does not read) gets targets of its own.
     */
    const OWN: Record<string, () => Promise<Partial<Target>>> = {
      'DELETE /manage/dapp/{id}': async () => ({ ids: { id: (await newProject(s, owner.accessToken, { name: 'Doomed' })).id } }),
      'DELETE /manage/dapp/{id}/api-key/{keyId}': async () => ({ ids: { keyId: await newKey() } }),
      'POST /manage/dapp/{id}/api-key/{keyId}/roll': async () => ({ ids: { keyId: await newKey() } }),
      'DELETE /manage/dapp/{id}/webhooks/{endpointId}': async () => ({ ids: { endpointId: await newEndpoint() } }),
      'DELETE /manage/dapp/{id}/members/{memberId}': async () => ({ ids: { memberId: await invite(project.id, uniqueEmail('removed')) } }),
      'POST /manage/dapp/{id}/owner': async () => {
        const given = await newProject(s, owner.accessToken, { name: 'Given away' })
        return { ids: { id: given.id }, body: { memberId: await addMember(s, given.id, member, 'viewer'), password: owner.password } }
      },
      'POST /invitations/{invitationId}/accept': async () => ({ ids: { invitationId: await invite(other.id, uniqueEmail('x')) } }),
      'POST /invitations/{invitationId}/decline': async () => ({ ids: { invitationId: await invite(other.id, uniqueEmail('x')) } }),
      'DELETE /sessions/{externalId}': async () => ({ ids: { externalId: await hostUser() } }),
      'POST /auth/logout': async () => ({ token: await signIn(leaver) }),
      'POST /auth/logout-all': async () => ({ token: await signIn(leaver) }),
      'DELETE /me': async () => {
        const doomed = await signUp(s, { name: 'Doomed' })
        return { token: doomed.accessToken, body: { password: doomed.password } }
      },
      'POST /me/password': async () => {
        const changer = await signUp(s, { name: 'Changer' })
        return { token: changer.accessToken, body: { currentPassword: changer.password, newPassword: 'another long phrase' } }
      },
    }

    /** The operations whose valid call a hostile value of a body field may still be (a grace period of -0 is 0). */
    const OWN_BODY = ['POST /manage/dapp/{id}/api-key/{keyId}/roll']
    const deref = (node: Json): Json => {
      let n = node
      while (typeof n.$ref === 'string') n = (n.$ref.slice(2).split('/') as string[]).reduce<Json>((a, k) => a[k] as Json, doc as unknown as Json)
      return n
    }
    const operations = Object.entries(doc.paths).flatMap(([path, item]) =>
      METHODS.filter((m) => item[m]).map((m) => ({ key: `${m.toUpperCase()} ${path}`, method: m.toUpperCase(), path, op: item[m] })),
    )
    // The calls that end the walk's own session or its project's owner come last.
    const LAST = ['POST /manage/dapp/{id}/owner', 'POST /auth/logout-all', 'POST /auth/logout']
    operations.sort((a, b) => LAST.indexOf(a.key) - LAST.indexOf(b.key))

    const send = async (key: string, what: string, call: Call) => {
      const logged = s.logs.length
      const headers: Record<string, string> = { ...call.headers }
      if (call.token) headers.Authorization = `Bearer ${call.token}`
      if (call.authorization !== undefined) headers.Authorization = call.authorization
      if (call.body !== undefined && call.type !== '') headers['Content-Type'] = call.type ?? 'application/json'
      sent++
      counts[key] = (counts[key] ?? 0) + 1
      let timer: ReturnType<typeof setTimeout> | undefined
      const hung = new Promise<'hung'>((resolve) => (timer = setTimeout(() => resolve('hung'), 10_000)))
      const answer = await Promise.race([s.app.request(call.path, { method: call.method, headers, body: call.body }), hung]).finally(() => clearTimeout(timer))
      const label = `${key} ${what}`
      // Stopped here: the cases after a hung one would leave too little of the test's time to report it.
      if (answer === 'hung') throw new Error(`${label}: no answer within 10 s`)
      const text = await answer.text()
      let body: Json | undefined
      try {
        body = JSON.parse(text) as Json
      } catch {
        body = undefined
      }
      const errors = s.logs.slice(logged).filter((l) => l.startsWith('error'))
      if (answer.status >= 500) failures.push(`${label}: ${answer.status} ${text.slice(0, 200)}`)
      else if (answer.status >= 400 && (typeof body?.message !== 'string' || typeof body.code !== 'string'))
        failures.push(`${label}: ${answer.status} without { message, code }: ${text.slice(0, 200)}`)
      else if (answer.status >= 400 && !(ERROR_CODES as readonly string[]).includes(body!.code as string))
        failures.push(`${label}: ${answer.status} with a code not in ERROR_CODES: ${text.slice(0, 200)}`)
      else if (call.authorization === undefined && AUTH_CODES.includes(body?.code as string))
        failures.push(`${label}: its credentials were refused (${text.slice(0, 200)}), so nothing past them was walked`)
      if (errors.length) failures.push(`${label}: logged ${errors.map((l) => l.split('\n')[0]).join(' | ')}`)
      return answer.status
    }

    walk = async (part) => {
      for (const { key, method, path, op } of operations) {
        const parameters = (op.parameters ?? []).map((p) => deref(p) as unknown as Parameter)
        const bodySchema = op.requestBody ? deref((deref(op.requestBody).content as Record<string, { schema: Json }>)['application/json'].schema) : undefined
        if (bodySchema && !BODIES[key]) throw new Error(`${key}: give the walk a valid body for it (BODIES)`)
        for (const p of parameters.filter((x) => x.in === 'path'))
          if (!(p.name in shared) && p.name !== 'memberId') throw new Error(`${key}: give the walk a real ${p.name} (shared)`)
        /** The target of one case: the shared one, or one of its own when the case leaves the call valid and the call ends it. */
        const target = async (own: boolean): Promise<Target> => {
          const base: Target = { ids: { ...shared, memberId: memberFor(key) }, token: tokenFor(key, op.security ?? []), body: BODIES[key]?.() }
          if (!own || !OWN[key]) return base
          const mine = await OWN[key]()
          return { ids: { ...base.ids, ...mine.ids }, token: mine.token ?? base.token, body: mine.body ?? base.body }
        }
        const urlOf = (t: Target, segment?: { name: string; text: string }) =>
          `/api${path.replace(/\{(\w+)\}/g, (_, name: string) => (segment?.name === name ? segment.text : encodeURIComponent(t.ids[name])))}`
        const json = (t: Target) => (t.body === undefined ? undefined : JSON.stringify(t.body))

        // Each path parameter: the others real, the body valid.
        if (part === 'path')
          for (const p of parameters.filter((x) => x.in === 'path'))
            for (const text of PATH_SEGMENTS) {
              const t = await target(false)
              await send(key, `path ${p.name}=${JSON.stringify(text.slice(0, 40))}`, {
                method,
                path: urlOf(t, { name: p.name, text }),
                token: t.token,
                body: json(t),
              })
            }
        // Each query parameter: alone, twice, bare, as an array.
        if (part === 'query')
          for (const p of parameters.filter((x) => x.in === 'query'))
            for (const query of [
              ...QUERY_TEXTS.map((text) => `${p.name}=${text}`),
              `${p.name}=1&${p.name}=2`,
              `${p.name}=abc&${p.name}=1`,
              p.name,
              `${p.name}[]=1`,
              `${p.name}[a]=1`,
            ]) {
              const t = await target(true)
              await send(key, `query ${JSON.stringify(query.slice(0, 40))}`, { method, path: `${urlOf(t)}?${query}`, token: t.token, body: json(t) })
            }
        // Each header parameter.
        if (part === 'query')
          for (const p of parameters.filter((x) => x.in === 'header'))
            for (const text of HEADER_TEXTS) {
              const t = await target(false)
              await send(key, `header ${p.name}=${JSON.stringify(text.slice(0, 40))}`, {
                method,
                path: urlOf(t),
                token: t.token,
                body: json(t),
                headers: { [p.name]: text },
              })
            }
        // The credentials themselves, on the calls that take any: each refused as such, whatever they hold.
        if (part === 'rest' && op.security?.length)
          for (const authorization of AUTHORIZATIONS) {
            const t = await target(false)
            await send(key, `Authorization ${JSON.stringify(authorization.slice(0, 40))}`, { method, path: urlOf(t), authorization, body: json(t) })
          }
        // Stray query text beside the documented parameters.
        for (const query of part === 'query' ? STRAY_QUERIES : []) {
          const t = await target(true)
          await send(key, `stray query ${JSON.stringify(query.slice(0, 40))}`, { method, path: `${urlOf(t)}${query}`, token: t.token, body: json(t) })
        }
        if ((part === 'body json' || part === 'body text') && bodySchema) {
          // Each top-level property of the body: the others valid.
          for (const property of Object.keys((bodySchema.properties ?? {}) as Json))
            for (const value of part === 'body json' ? JSON_VALUES : TEXTS.map(v)) {
              const t = await target(OWN_BODY.includes(key))
              const valid = { ...t.body }
              delete valid[property]
              const rest = JSON.stringify(valid).slice(1, -1)
              const text = 'json' in value ? value.json : JSON.stringify(value.value)
              const body = `{${rest}${rest ? ',' : ''}${JSON.stringify(property)}:${text}}`
              const status = await send(key, `body ${property}=${text.slice(0, 40)}`, { method, path: urlOf(t), token: t.token, body })
              // A new password taken for the walk's account is its password from then on.
              if (key === 'POST /me/password' && status === 204) self.password = JSON.parse(text) as string
            }
        }
        if (part === 'entries' && bodySchema) {
          // Each field of the objects a list property holds (a batch's entries), in its first object, the rest valid.
          for (const [property, schema] of Object.entries((bodySchema.properties ?? {}) as Record<string, Json>)) {
            const items = schema.items ? deref(schema.items as Json) : undefined
            for (const field of Object.keys((items?.properties ?? {}) as Json))
              for (const value of [...JSON_VALUES, ...TEXTS.map(v)]) {
                const t = await target(OWN_BODY.includes(key))
                const [first, ...others] = t.body![property] as Json[]
                const item = { ...first }
                delete item[field]
                const rest = JSON.stringify(item).slice(1, -1)
                const text = 'json' in value ? value.json : JSON.stringify(value.value)
                const list = [`{${rest}${rest ? ',' : ''}${JSON.stringify(field)}:${text}}`, ...others.map((o) => JSON.stringify(o))]
                const body = JSON.stringify({ ...t.body, [property]: '\u0000LIST' }).replace('"\\u0000LIST"', `[${list.join(',')}]`)
                await send(key, `body ${property}[0].${field}=${text.slice(0, 40)}`, { method, path: urlOf(t), token: t.token, body })
              }
          }
        }
        // The body as a whole: on the calls that read one, and on those that read none (a GET carries none: fetch refuses to send it).
        for (const whole of part !== 'rest' || method === 'GET' ? [] : WHOLE_BODIES) {
          const t = await target(!bodySchema || Boolean(whole.readable))
          await send(key, `whole body: ${whole.what}`, { method, path: urlOf(t), token: t.token, body: whole.raw(json(t) ?? '{}'), type: whole.type })
        }
        // An endpoint a case disabled is enabled again, for the calls after it that send to it.
        if (key === 'PATCH /manage/dapp/{id}/webhooks/{endpointId}')
          ok(await s.request('PATCH', `${manage}/webhooks/${endpointId}`, { token: owner.accessToken, body: { disabled: false } }), 200)
      }
      // Each documented path with a method it does not document (a method's name is case-sensitive: `patch` is not PATCH).
      for (const [path, item] of part === 'rest' ? Object.entries(doc.paths) : []) {
        const url = `/api${path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(name === 'memberId' ? memberId : shared[name]))}`
        for (const method of ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'PROPFIND', 'patch'].filter((m) => !item[m.toLowerCase()] || m === 'patch'))
          await send(`${method} ${path}`, 'an undocumented method', { method, path: url, token: owner.accessToken, body: method === 'GET' ? undefined : '{}' })
      }
    }
    finish = async () => {
      console.info(`hostile walk: ${operations.length} operations, ${sent} requests`)
      // Every operation was walked, no __proto__ or constructor.prototype sent reached a prototype, and the server still serves.
      expect(operations.map((o) => o.key).filter((key) => !counts[key])).toEqual([])
      expect(({} as Json).polluted).toBeUndefined()
      // Nor did anything the walk set going (mail, webhook attempts) log an error between its cases.
      expect(s.logs.filter((l) => l.startsWith('error'))).toEqual([])
      expect((await s.request('GET', '/api/health')).status).toBe(200)
      expect(await s.request('GET', `/api/manage/dapp/${other.id}`, { token: owner.accessToken })).toMatchObject({ status: 200, body: { name: 'Invited to' } })
    }
  })

  it.each<[Part, string]>([
    ['path', 'each path parameter'],
    ['query', 'each query and header parameter, and stray query text'],
    ['body json', 'each body property, of the wrong JSON type or out of range'],
    ['body text', 'each body property, as hostile text'],
    ['entries', "each field of a batch's entries"],
    ['rest', 'the body as a whole, the credentials, and the methods a path does not document'],
  ])('%s: %s, answered with a JSON refusal or a success: never a 5xx, a hung request or an error in the log', async (part) => {
    failures.length = 0
    await walk(part)
    expect(failures).toEqual([])
  })

  it('walked every operation, and leaves the server serving with no error logged', async () => {
    await finish()
  })
})
