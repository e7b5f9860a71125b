import type { RouteConfig } from '@hono/zod-openapi'
import { ACTIONS, NEEDS, RANK, ROLES, type Action } from '../security/authorization'
import { errors } from './error-responses'

type Answer = { description: string; content?: { 'application/json': { examples?: Record<string, unknown> } } }

/** The roles that may do `action`, as an operation's description names them. */
export const rolesFor = (action: Action) => ROLES.filter((r) => RANK[r] >= RANK[ACTIONS[action]]).join(', ')

/**
 * `route` as the document describes a call under a project: its roles first
 * in the description, and, when not every member may call it, the 403 that
 * names the role it needs (beside any 403 of its own).
 */
export function withRoles<R extends RouteConfig>(action: Action, route: R): R {
  const description = `Roles: ${rolesFor(action)}.${route.description ? ` ${route.description}` : ''}`
  if (ACTIONS[action] === 'viewer') return { ...route, description }
  const refused = errors({
    403: { description: "The caller's role does not allow the call: the message names the role it needs.", messages: [NEEDS[ACTIONS[action]]] },
  })[403] as Answer
  const own = route.responses[403] as Answer | undefined
  const merged: Answer = own
    ? {
        ...own,
        description: `${own.description} Or: ${refused.description}`,
        content: {
          'application/json': {
            ...own.content?.['application/json'],
            examples: { ...own.content?.['application/json'].examples, role: refused.content!['application/json'].examples!.message1 },
          },
        },
      }
    : refused
  return { ...route, description, responses: { ...route.responses, 403: merged } }
}
