import { createRoute, z } from '@hono/zod-openapi'
import { AcceptedInvitation, PendingInvitationList } from '../../../contract/teams'
import { accessErrors, jsonContent } from '../../openapi/error-responses'
import { MEMBERS } from './errors'

/** The invited account's side of invitations: listing those waiting for it, accepting or declining one. */

const security = [{ accessToken: [] }]
const tags = ['Members']

export const pendingInvitationsRoute = createRoute({
  method: 'get',
  path: '/invitations',
  tags,
  operationId: 'listPendingInvitations',
  summary: "The invitations waiting for the signed-in account's address",
  description:
    "Signed in (any account). Lists the unexpired invitations to the account's address once it is verified; while it is not, the list is empty and " +
    '`emailVerified` is false (anyone may sign up with any address, and an invitation names a project and its inviter). Accept one with the code from its mail ' +
    '(`POST /invitations/accept`).',
  security,
  responses: { 200: { description: 'The pending invitations.', content: jsonContent(PendingInvitationList) }, ...accessErrors({}) },
})

const invitationParam = { params: z.object({ invitationId: z.string().meta({ description: 'Invitation ID (mem_…), as GET /invitations lists it.' }) }) }
const NOT_PENDING = { 404: { description: 'No pending invitation with this ID to the caller’s verified address.', messages: [MEMBERS.INVITATION_UNKNOWN] } }

export const acceptPendingRoute = createRoute({
  method: 'post',
  path: '/invitations/{invitationId}/accept',
  tags,
  operationId: 'acceptPendingInvitation',
  summary: 'Accept an invitation listed by GET /invitations',
  description: 'Signed in, with the verified address the invitation was sent to (which proves what the mailed code proves): the account joins the project.',
  security,
  request: invitationParam,
  responses: { 200: { description: 'Joined.', content: jsonContent(AcceptedInvitation) }, ...accessErrors(NOT_PENDING) },
})

export const declineInvitationRoute = createRoute({
  method: 'post',
  path: '/invitations/{invitationId}/decline',
  tags,
  operationId: 'declineInvitation',
  summary: 'Decline an invitation',
  description:
    "Signed in, with the verified address the invitation was sent to. The invitation is gone (the project's audit log records it as declined); " +
    'the project may invite the address again.',
  security,
  request: invitationParam,
  responses: { 204: { description: 'Declined.' }, ...accessErrors(NOT_PENDING) },
})
