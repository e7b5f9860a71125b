import { createRoute, z } from '@hono/zod-openapi'
import {
  AcceptedInvitation,
  Invitation,
  InvitationAcceptance,
  MemberAccess,
  MemberList,
  MemberRemoval,
  NewInvitation,
  OwnershipTransfer,
  RoleChange,
} from '../../../contract/teams'
import { withRoles } from '../../openapi/roles'
import { accessErrors, badBody, jsonContent, NOT_JSON, TOO_LARGE, USER_LIMIT, type ErrorAnswer } from '../../openapi/error-responses'
import { INVITING } from './invitation-limits'
import { MEMBERS, OWNERSHIP } from './errors'
import { MAIL } from '../../mail/index'
import { THROTTLE } from '../../http/throttle'

/** Teams: a project's members and invitations, its ownership, and accepting an invitation. */

const security = [{ accessToken: [] }]
const tags = ['Members']
const project = z.object({ id: z.string().meta({ description: 'Project ID (prj_…).' }) })
const member = project.extend({ memberId: z.string().meta({ description: 'Member ID (mem_…; the owner: their user ID).' }) })

export { MEMBERS }
export const INVITATION_REFUSED = MEMBERS.INVITATION_REFUSED.message
export const OWNER_STAYS = MEMBERS.OWNER_STAYS.message
export const MEMBER_NOT_FOUND = MEMBERS.MEMBER_NOT_FOUND.message
export const KEEP_NOT_THEIRS = MEMBERS.KEEP_NOT_THEIRS.message

const MISSING: ErrorAnswer = { description: 'No such project, or the caller is no member of it (the same answer).', messages: ['Project not found.'] }
const MEMBER_MISSING: ErrorAnswer = { description: 'No such project or member.', messages: ['Project not found.', MEMBER_NOT_FOUND] }
const ROLE: ErrorAnswer = {
  description: "The caller's role does not allow the call (the message names the role it needs), or the member is the owner.",
  messages: ['This needs the admin role (or the owner).'],
}
const ROLE_BODY = badBody(RoleChange)
/** Inviting (and resending) needs a verified address. */
const UNVERIFIED_INVITER: ErrorAnswer = {
  description:
    "The caller's e-mail address is not verified: only a verified address may invite. An account of host sign-in counts as verified when its provider said so at its last sign-in (POST /sessions emailVerified), or once it accepted an invitation by its code.",
  messages: [INVITING.VERIFY_TO_INVITE, INVITING.HOST_EMAIL_UNVERIFIED],
}
/** The budgets of invitation mail: the user's fair share, the inviter's day, the invited address's day. */
const INVITATIONS_SPENT: ErrorAnswer = {
  description:
    USER_LIMIT.description +
    ' Or invitation mail is over its budget of the day: per inviter (RATE_LIMIT_INVITATIONS_PER_USER) or per invited address from every project together (RATE_LIMIT_INVITATIONS_PER_EMAIL), invitations and resends alike; revoking gives nothing back.',
  messages: [...USER_LIMIT.messages, INVITING.INVITER_LIMIT_REACHED(50, 5 * 3600), INVITING.INVITED_ADDRESS_LIMIT_REACHED(3, 5 * 3600)],
}

export const inviteRoute = withRoles(
  'members.manage',
  createRoute({
    method: 'post',
    path: '/manage/dapp/{id}/members',
    tags,
    operationId: 'inviteMember',
    summary: 'Invite someone by e-mail',
    description:
      'Mails a single-use code (and a link when INVITATION_URL is set), valid 7 days, that only the account with this address can accept. ' +
      'MEMBER_LIMIT bounds members and invitations together. Only a verified address may invite; invitation mail has a budget a day per inviter ' +
      '(RATE_LIMIT_INVITATIONS_PER_USER) and per invited address from every project together (RATE_LIMIT_INVITATIONS_PER_EMAIL).',
    security,
    request: { params: project, body: { required: true, content: jsonContent(NewInvitation) } },
    responses: {
      201: { description: 'Invited.', content: jsonContent(Invitation) },
      ...accessErrors({
        400: badBody(NewInvitation),
        403: UNVERIFIED_INVITER,
        404: MISSING,
        409: {
          description: 'Already a member or invited, or the project is full.',
          messages: [MEMBERS.ALREADY_MEMBER, MEMBERS.ALREADY_INVITED, MEMBERS.MEMBER_LIMIT_REACHED(25)],
        },
        413: TOO_LARGE,
        415: NOT_JSON,
        429: INVITATIONS_SPENT,
        503: { description: 'The server cannot send e-mail (no SMTP_URL).', messages: [MAIL.MAIL_NOT_CONFIGURED] },
      }),
    },
  }),
)

export const listMembersRoute = withRoles(
  'members.read',
  createRoute({
    method: 'get',
    path: '/manage/dapp/{id}/members',
    tags,
    operationId: 'listMembers',
    summary: "The project's members and pending invitations, the owner first",
    security,
    request: { params: project },
    responses: { 200: { description: 'Members.', content: jsonContent(MemberList) }, ...accessErrors({ 404: MISSING }) },
  }),
)

export const changeRoleRoute = withRoles(
  'members.manage',
  createRoute({
    method: 'patch',
    path: '/manage/dapp/{id}/members/{memberId}',
    tags,
    operationId: 'changeMemberRole',
    summary: "Change a member's role (or a pending invitation's)",
    description: "The owner's role changes only by a transfer (POST …/owner). Applies to the member's next call on every instance.",
    security,
    request: { params: member, body: { required: true, content: jsonContent(RoleChange) } },
    responses: {
      200: { description: 'The member as they are now.', content: jsonContent(MemberList.element) },
      ...accessErrors({
        400: ROLE_BODY,
        403: { description: 'The owner’s role changes only by a transfer.', messages: [OWNER_STAYS] },
        404: MEMBER_MISSING,
        413: TOO_LARGE,
        415: NOT_JSON,
      }),
    },
  }),
)

const REMOVAL_ROLE: ErrorAnswer = {
  ...ROLE,
  description: `${ROLE.description} Keeping what a member holds needs the admin role (or the owner), also when leaving.`,
  messages: [...ROLE.messages, OWNER_STAYS],
}

export const removeMemberRoute = createRoute({
  method: 'delete',
  path: '/manage/dapp/{id}/members/{memberId}',
  tags,
  operationId: 'removeMember',
  summary: 'Remove a member, revoke an invitation, or leave',
  description:
    'Roles: owner, admin; any member may remove themselves (leave). The owner cannot leave or be removed: transfer ownership first. ' +
    'A removed member’s next call, on any instance, answers 404. ' +
    'What the member could still use ends with them (GET …/removal lists it first): each key whose whole text they saw last (they created it, or their roll made it) ' +
    'expires at once and stops verifying on every instance within a second; each webhook endpoint they added is disabled and what is queued for it dropped. ' +
    '`keep` names those the remover keeps working (admin or owner only); each outcome is in the answer and in the audit log.',
  security,
  request: {
    params: member,
    query: z.object({
      keep: z.string().optional().meta({
        description: 'Comma-separated IDs of the member’s keys and endpoints (from GET …/removal) to keep working. Default: none.',
        example: 'apid_…,whe_…',
      }),
    }),
  },
  responses: {
    200: { description: 'Removed: what became of each of their keys and endpoints (empty lists for an invitation).', content: jsonContent(MemberRemoval) },
    ...accessErrors({
      400: { description: '`keep` names something that is not the member’s.', messages: [KEEP_NOT_THEIRS] },
      403: REMOVAL_ROLE,
      404: MEMBER_MISSING,
    }),
  },
})

export const removalPreviewRoute = createRoute({
  method: 'get',
  path: '/manage/dapp/{id}/members/{memberId}/removal',
  tags,
  operationId: 'previewMemberRemoval',
  summary: 'What removing a member would end',
  description:
    'Roles: owner, admin; any member for themselves. The keys that still work whose whole text the member saw last, and the webhook endpoints they added: ' +
    'DELETE …/members/{memberId} ends them unless `keep` names them. An invitation has none.',
  security,
  request: { params: member },
  responses: {
    200: { description: 'Their keys and endpoints.', content: jsonContent(MemberAccess) },
    ...accessErrors({ 403: { ...ROLE, messages: [...ROLE.messages, OWNER_STAYS] }, 404: MEMBER_MISSING }),
  },
})

export const resendInvitationRoute = withRoles(
  'members.manage',
  createRoute({
    method: 'post',
    path: '/manage/dapp/{id}/members/{memberId}/resend',
    tags,
    operationId: 'resendInvitation',
    summary: 'Send a pending (or expired) invitation again',
    description:
      'A new code, valid 7 days, replaces the old one, which stops working. The invitation is then the caller’s: the mail names them, and it is revoked when they leave or stop being an admin. Counts in the same budgets of the day as an invitation.',
    security,
    request: { params: member },
    responses: {
      200: { description: 'Sent again.', content: jsonContent(Invitation) },
      ...accessErrors({
        403: UNVERIFIED_INVITER,
        404: MEMBER_MISSING,
        409: { description: 'The member has already joined.', messages: [MEMBERS.NOT_AN_INVITATION] },
        429: INVITATIONS_SPENT,
        503: { description: 'The server cannot send e-mail (no SMTP_URL).', messages: [MAIL.MAIL_NOT_CONFIGURED] },
      }),
    },
  }),
)

export const transferOwnershipRoute = withRoles(
  'ownership.transfer',
  createRoute({
    method: 'post',
    path: '/manage/dapp/{id}/owner',
    tags,
    operationId: 'transferOwnership',
    summary: 'Make another member the owner',
    description: "Needs the owner's password. The owner becomes an admin. The new owner must own fewer than PROJECT_LIMIT projects.",
    security,
    request: { params: project, body: { required: true, content: jsonContent(OwnershipTransfer) } },
    responses: {
      200: { description: 'The members as they are now.', content: jsonContent(MemberList) },
      ...accessErrors({
        400: badBody(OwnershipTransfer, [MEMBERS.TRANSFER_TO_ACTIVE]),
        403: { description: 'The password is wrong.', messages: [OWNERSHIP.WRONG_PASSWORD] },
        404: MEMBER_MISSING,
        409: {
          description: 'The owner signs in through the host and has no password, or the member already owns the most projects allowed (PROJECT_LIMIT).',
          messages: [OWNERSHIP.HOST_ACCOUNT_NO_PASSWORD, OWNERSHIP.RECIPIENT_PROJECT_LIMIT(1000)],
        },
        413: TOO_LARGE,
        415: NOT_JSON,
        429: {
          description: `${USER_LIMIT.description} Or the owner's password was given wrong too often in the window (RATE_LIMIT_PER_EMAIL per RATE_LIMIT_WINDOW_SECONDS): a stolen session cannot guess it.`,
          messages: [...USER_LIMIT.messages, THROTTLE.TOO_MANY_ATTEMPTS(720)],
        },
      }),
    },
  }),
)

export const acceptInvitationRoute = createRoute({
  method: 'post',
  path: '/invitations/accept',
  tags,
  operationId: 'acceptInvitation',
  summary: 'Accept an invitation',
  description:
    'Signed in (any account, host sign-in included). Only the account whose e-mail is the invited address may accept; accepting marks that address verified. ' +
    'A used, revoked, expired or unknown code, or another account, answers the same 400.',
  security,
  request: { body: { required: true, content: jsonContent(InvitationAcceptance) } },
  responses: {
    200: { description: 'Joined.', content: jsonContent(AcceptedInvitation) },
    ...accessErrors({
      400: badBody(InvitationAcceptance, [INVITATION_REFUSED]),
      413: TOO_LARGE,
      415: NOT_JSON,
      429: {
        description: `${USER_LIMIT.description} Or the account has tried too many codes in the window (RATE_LIMIT_ACCEPTS_PER_USER per RATE_LIMIT_WINDOW_SECONDS).`,
        messages: [...USER_LIMIT.messages, THROTTLE.TOO_MANY_ATTEMPTS(720)],
      },
    }),
  },
})
