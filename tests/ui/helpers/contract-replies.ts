/**
 * What the server answers each call the widget makes, as the contract
 * (contract/ at the top) words it: a mock's reply is parsed by the schema of
 * its call, so a test whose stub has drifted from the server fails, rather
 * than testing the widget against answers no server sends.
 */
import { z } from 'zod'
import { CodeSent, EmailVerified, Profile } from '../../../contract/accounts'
import {
  AccessData,
  Capabilities,
  CreatedProject,
  Deleted,
  DeviceToken,
  ErrorBody,
  KeyEntry,
  KeyMap,
  Project,
  ProjectList,
  ProjectSummary,
  Usage,
} from '../../../contract/responses'
import {
  WebhookAttemptList,
  WebhookEndpoint,
  WebhookEndpointList,
  WebhookEventTypeList,
  WebhookMessageAccepted,
  WebhookSecret,
} from '../../../contract/webhooks'
import { LogPage, LogSummary } from '../../../contract/logs'
import { ScopeCatalog } from '../../../contract/keys'
import { AcceptedInvitation, AuditPage, Invitation, Member, MemberAccess, MemberList, MemberRemoval, PendingInvitationList } from '../../../contract/teams'

/** GET /me/deletion's answer (server/resources/members/departure-routes.ts words it). */
const named = z.object({ projectId: z.string(), name: z.string() })
const Departure = z.object({
  handedOver: z.array(named.extend({ to: z.object({ id: z.string(), name: z.string() }) })),
  deleted: z.array(named),
  left: z.array(named),
})

/** No body (204), or one the widget does not read. */
const NONE = null

/**
 * The widget also serves servers of the product spec alone, whose answers to
 * the spec's calls carry less: the sign-in body holds accessToken (the widget
 * stores the whole body), and a project has none of the key fields this
 * server adds. A reply to one of those calls may be either; each is checked
 * whole, so a project with a broken keys[] is neither.
 */
const spec = {
  accessData: z.looseObject({ accessToken: z.string().min(1) }),
  project: ProjectSummary.extend({ apiKey: KeyMap, keys: z.never().optional(), keyLimit: z.never().optional() }),
}
const either = (ours: z.ZodType, specs: z.ZodType): z.ZodType[] => [ours, specs]

/** Method, the path's end under api-base ({x}: one segment), the success body's schema. First match wins. */
const CALLS: [string, string, z.ZodType | z.ZodType[] | null][] = [
  ['POST', '/device', DeviceToken],
  ['POST', '/register', either(AccessData, spec.accessData)],
  ['POST', '/auth/authenticate', either(AccessData, spec.accessData)],
  ['POST', '/auth/exchange', AccessData],
  ['POST', '/auth/logout', NONE],
  ['POST', '/auth/logout-all', NONE],
  ['POST', '/auth/password/forgot', CodeSent],
  ['POST', '/auth/password/reset', AccessData],
  ['POST', '/auth/email/verify/send', CodeSent],
  ['POST', '/auth/email/verify', EmailVerified],
  ['GET', '/me', Profile],
  ['GET', '/me/deletion', Departure],
  ['PATCH', '/me', Profile],
  ['DELETE', '/me', NONE],
  ['POST', '/me/password', NONE],
  ['GET', '/capabilities', Capabilities],
  ['GET', '/webhooks/event-types', WebhookEventTypeList],
  ['GET', '/manage/dapp/owner', ProjectList],
  ['POST', '/manage/dapp', CreatedProject],
  ['GET', '/manage/dapp/{x}', either(Project, spec.project)],
  ['PATCH', '/manage/dapp/{x}', Project],
  ['DELETE', '/manage/dapp/{x}', NONE],
  ['GET', '/manage/dapp/{x}/usage', Usage],
  ['GET', '/manage/dapp/{x}/scopes', ScopeCatalog],
  ['POST', '/manage/dapp/{x}/api-key', KeyMap],
  ['PATCH', '/manage/dapp/{x}/api-key/{x}', KeyEntry],
  ['DELETE', '/manage/dapp/{x}/api-key/{x}', Deleted],
  ['POST', '/manage/dapp/{x}/api-key/{x}/roll', KeyMap],
  ['POST', '/manage/dapp/{x}/webhooks/secret/roll', WebhookSecret],
  ['GET', '/manage/dapp/{x}/webhooks', WebhookEndpointList],
  ['POST', '/manage/dapp/{x}/webhooks', WebhookEndpoint],
  ['PATCH', '/manage/dapp/{x}/webhooks/{x}', WebhookEndpoint],
  ['DELETE', '/manage/dapp/{x}/webhooks/{x}', NONE],
  ['POST', '/manage/dapp/{x}/webhooks/{x}/test', WebhookMessageAccepted],
  ['GET', '/manage/dapp/{x}/webhooks/{x}/attempts', WebhookAttemptList],
  ['POST', '/manage/dapp/{x}/webhooks/{x}/messages/{x}/resend', WebhookMessageAccepted],
  ['GET', '/manage/dapp/{x}/members', MemberList],
  ['POST', '/manage/dapp/{x}/members', Invitation],
  ['PATCH', '/manage/dapp/{x}/members/{x}', Member],
  ['DELETE', '/manage/dapp/{x}/members/{x}', MemberRemoval],
  ['GET', '/manage/dapp/{x}/members/{x}/removal', MemberAccess],
  ['POST', '/manage/dapp/{x}/members/{x}/resend', Invitation],
  ['GET', '/manage/dapp/{x}/audit', AuditPage],
  ['GET', '/manage/dapp/{x}/logs', LogPage],
  ['GET', '/manage/dapp/{x}/logs/summary', LogSummary],
  ['POST', '/invitations/accept', AcceptedInvitation],
  ['GET', '/invitations', PendingInvitationList],
  ['POST', '/manage/dapp/{x}/owner', MemberList],
  ['POST', '/invitations/{x}/accept', AcceptedInvitation],
  ['POST', '/invitations/{x}/decline', NONE],
]

const MATCHERS = CALLS.map(([method, path, schema]) => ({
  method,
  path,
  schema,
  // The end of the path: the api-base before it is the test's own.
  test: new RegExp(`${path.replace(/\{x\}/g, '[^/]+')}$`),
}))

/** The contract's call a request is, or undefined for one no server of this contract answers. */
export const contractCall = (method: string, pathname: string) => MATCHERS.find((m) => m.method === method && m.test.test(pathname))

/**
 * Throws, naming the call and what is wrong, when `body` (a reply's parsed
 * JSON) is not what the server sends for `status`: its schema for a success,
 * the error body for a failure.
 */
export function checkReply(method: string, pathname: string, status: number, body: unknown): void {
  const call = contractCall(method, pathname)
  if (!call) throw new Error(`mock API: ${method} ${pathname} is no call of the contract (contract-replies.ts)`)
  const schema = status >= 400 ? ErrorBody : call.schema
  if (!schema || status === 304) return
  const failures: string[] = []
  for (const one of [schema].flat()) {
    const checked = one.safeParse(body)
    if (checked.success) return
    failures.push(z.prettifyError(checked.error))
  }
  throw new Error(
    `mock API: the reply to ${method} ${pathname} (${status}) is not what the server sends (${call.path}):\n${failures.join('\nnor, as a server of the spec alone:\n')}`,
  )
}
