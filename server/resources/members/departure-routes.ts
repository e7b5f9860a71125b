import { createRoute, z } from '@hono/zod-openapi'
import { requireToken, type AuthEnv } from '../../http/auth'
import type { RouteDeps } from '../../http/route-deps'
import { accessErrors, jsonContent } from '../../openapi/error-responses'
import { ContractApp } from '../../openapi/contract-app'
import { departurePreview } from './departure'

const project = z.object({ projectId: z.string(), name: z.string() })
const Departure = z
  .object({
    handedOver: z.array(project.extend({ to: z.object({ id: z.string(), name: z.string() }) })).meta({
      description: 'Owned projects that pass to their longest-standing admin.',
    }),
    deleted: z.array(project).meta({ description: 'Owned projects with no admin: deleted with their keys.' }),
    left: z.array(project).meta({ description: 'Projects the account is a member of: it leaves them.' }),
  })
  .meta({ id: 'AccountDeparture' })

export const departureRoute = createRoute({
  method: 'get',
  path: '/me/deletion',
  tags: ['Account'],
  operationId: 'accountDeletionPreview',
  summary: 'What deleting the account does to its projects',
  description:
    'For the deletion’s confirmation (DELETE /me does exactly this): each project the account owns passes to its longest-standing admin, or is deleted with its keys when it has none; it leaves every project it is a member of.',
  security: [{ accessToken: [] }],
  responses: { 200: { description: 'The projects, by what happens to them.', content: jsonContent(Departure) }, ...accessErrors({}) },
})

export function departureRoutes({ db }: RouteDeps) {
  return new ContractApp<AuthEnv>().operation(departureRoute, requireToken(db, 'access'), async (c) => c.json(await departurePreview(db, c.var.userId)))
}
