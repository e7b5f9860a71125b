import { ActivitySection } from './ActivitySection'
import { MembersSection, type MembersSectionProps } from './MembersSection'
import { can } from './role'

/** The project page's team part, one chunk: Members for every member, Activity for admins and owners. */
export function TeamSections(props: MembersSectionProps) {
  const { role, api } = props.team
  return (
    <>
      <MembersSection {...props} />
      {role !== null && role !== 'pending' && can(role, 'audit') && <ActivitySection api={api} />}
    </>
  )
}
