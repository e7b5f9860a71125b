import { errorTable } from '../../http/errors'

/** Teams' refusals, each code beside its wording (thrown by the routes, listed by the operations). */
export const MEMBERS = errorTable({
  INVITATION_REFUSED: 'This invitation code is not valid: it may have been used, revoked or have expired, or it was sent to another address.',
  ALREADY_MEMBER: 'This address is already a member of the project.',
  ALREADY_INVITED: 'This address is already invited: resend or revoke that invitation.',
  OWNER_STAYS: 'The owner cannot leave or be removed: transfer ownership first.',
  MEMBER_NOT_FOUND: 'Member not found.',
  NOT_AN_INVITATION: 'This member has already joined: only a pending invitation can be resent.',
  TRANSFER_TO_ACTIVE: 'Ownership can only go to a member who has joined.',
  KEEP_NOT_THEIRS: 'keep must name only keys and endpoints of this member, as GET …/members/{memberId}/removal lists them.',
  INVITATION_UNKNOWN: 'Invitation not found: it may have been accepted, declined, revoked or have expired, or it is to another address.',
  MEMBER_LIMIT_REACHED: (limit: number) => `This project already has ${limit} members and invitations, the most it can have.`,
})

/** Handing the project over: the owner's password asked again, and the new owner's room for one more project (PROJECT_LIMIT). */
export const OWNERSHIP = errorTable({
  WRONG_PASSWORD: 'Incorrect password.',
  HOST_ACCOUNT_NO_PASSWORD: 'This account signs in through your provider’s website and has no password here.',
  RECIPIENT_PROJECT_LIMIT: (limit: number) =>
    `This member already owns ${limit} projects, the most an account can have: they must delete or transfer one first.`,
})
