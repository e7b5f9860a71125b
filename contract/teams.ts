import { z } from 'zod'
import { MEMBER_ROLES, ROLES } from './constants'
import { coded, email, requiredText } from './fields'

/** Bodies and answers of teams: a project's members, invitations, ownership and audit log. */

const role = z
  .enum(MEMBER_ROLES, { error: coded('ROLE_INVALID', 'role must be admin, developer or viewer.') })
  .meta({ description: 'admin, developer or viewer.' })
const text = (description: string) => z.string().meta({ description })
const dateTime = (description: string) => z.string().meta({ format: 'date-time', description })

export const NewInvitation = z
  .object({ email: email('The address to invite; only the account with this address can accept.'), role })
  .meta({ id: 'NewInvitation' })

export const RoleChange = z.object({ role }).meta({ id: 'RoleChange' })

export const OwnershipTransfer = z
  .object({
    memberId: requiredText('memberId', { code: 'MEMBER_ID', max: 100, description: 'The active member who becomes the owner.' }),
    password: requiredText('Password', { code: 'PASSWORD', max: 1024, trim: false, description: "The current owner's password." }),
  })
  .meta({ id: 'OwnershipTransfer' })

export const InvitationAcceptance = z
  .object({ code: requiredText('Code', { code: 'CODE', max: 200, description: 'The code from the invitation mail.' }) })
  .meta({ id: 'InvitationAcceptance' })

export const Invitation = z
  .object({
    id: text('Member ID (mem_…): revoke or resend the invitation with it.'),
    email: text('The invited address.'),
    role: z.enum(MEMBER_ROLES),
    status: z.literal('invited'),
    expiresAt: dateTime('When the code stops working (7 days after it was sent).'),
  })
  .meta({ id: 'Invitation' })

export const Member = z
  .object({
    id: text('Member ID.'),
    userId: z.string().nullable().meta({ description: "The member's user ID; null for an invitation not yet accepted." }),
    name: text('Display name; empty for an invitation.'),
    email: text('E-mail address.'),
    role: z.enum(ROLES),
    status: z.enum(['active', 'invited']),
    joinedAt: z.string().nullable().meta({ format: 'date-time', description: 'When they joined; null while invited.' }),
    invitedAt: dateTime('When they were invited (the owner: when the project was created).'),
    expiresAt: z.string().nullable().optional().meta({ format: 'date-time', description: "An invitation's expiry; null for a member." }),
  })
  .meta({ id: 'Member' })

export const MemberList = z.array(Member).meta({ id: 'MemberList' })

export const AcceptedInvitation = z.object({ projectId: text('The project joined.'), role: z.enum(MEMBER_ROLES) }).meta({ id: 'AcceptedInvitation' })

export const PendingInvitation = z
  .object({
    id: text('Invitation ID (mem_…): decline it with it; accept it with the code from its mail.'),
    project: z.object({ id: text('Project ID (prj_…).'), name: text("The project's name.") }),
    role: z.enum(MEMBER_ROLES),
    inviter: z
      .object({ name: text("The inviter's display name (empty if their account is gone)."), email: text("The inviter's address (empty if unknown).") })
      .meta({ description: 'Who sent the invitation.' }),
    expiresAt: dateTime('When the code stops working.'),
  })
  .meta({ id: 'PendingInvitation' })

export const PendingInvitationList = z
  .object({
    emailVerified: z.boolean().meta({ description: "Whether the account's address is verified: invitations are listed only to a verified address." }),
    invitations: z
      .array(PendingInvitation)
      .meta({ description: "Unexpired invitations to the account's address, the newest first; empty while it is not verified." }),
  })
  .meta({ id: 'PendingInvitationList' })

export const AuditEntry = z
  .object({
    id: text('Entry ID (aud_…): pass it as `before` for the next page.'),
    at: dateTime('When it happened.'),
    actor: z
      .object({
        id: z.string().nullable(),
        name: z.string(),
        email: z
          .string()
          .meta({ description: "The actor's e-mail address as it was then: names are anyone's to choose, an address is one account's. Empty if unknown." }),
      })
      .meta({ description: 'Who did it (the name and address as they were then).' }),
    action: text('What was done, e.g. key.rolled, member.invited, ownership.transferred.'),
    target: z.string().nullable().meta({ description: 'The ID of what it was done to (a key, an endpoint, a member).' }),
    details: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])).meta({
      description: 'What changed (names, roles, addresses); never a key, secret, code or payload.',
    }),
  })
  .meta({ id: 'AuditEntry' })

export const AuditPage = z.object({ entries: z.array(AuditEntry) }).meta({ id: 'AuditPage' })

const heldKey = z.object({
  id: text('API key ID (apid_…).'),
  name: text("The key's name."),
  maskedKey: text('The key, masked (fxk_…last4).'),
})
const heldEndpoint = z.object({
  id: text('Webhook endpoint ID (whe_…).'),
  url: text("The endpoint's address."),
  description: text("The endpoint's description."),
})

export const MemberAccess = z
  .object({
    keys: z.array(heldKey).meta({
      description: 'Keys that still work whose whole text the member saw last (they created them, or their roll made them): removal ends them unless kept.',
    }),
    endpoints: z.array(heldEndpoint).meta({
      description: 'Webhook endpoints the member added: removal disables them and drops what is queued for them, unless kept.',
    }),
  })
  .meta({ id: 'MemberAccess' })

export const MemberRemoval = z
  .object({
    keys: z.array(
      heldKey.extend({ outcome: z.enum(['revoked', 'kept']).meta({ description: 'revoked: it stopped verifying (it expired now); kept: it works on.' }) }),
    ),
    endpoints: z.array(
      heldEndpoint.extend({
        outcome: z.enum(['disabled', 'kept']).meta({ description: 'disabled: it receives nothing more, queued messages included; kept: as it was.' }),
      }),
    ),
  })
  .meta({ id: 'MemberRemoval' })

export type Member = z.infer<typeof Member>
export type MemberAccess = z.infer<typeof MemberAccess>
export type MemberRemoval = z.infer<typeof MemberRemoval>
export type Invitation = z.infer<typeof Invitation>
export type AuditEntry = z.infer<typeof AuditEntry>
export type AcceptedInvitation = z.infer<typeof AcceptedInvitation>
export type PendingInvitation = z.infer<typeof PendingInvitation>
export type PendingInvitationList = z.infer<typeof PendingInvitationList>
