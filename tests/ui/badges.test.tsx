import { describe, expect, it } from 'vitest'
import { StatusBadge as ProjectStatus } from '../../src/components/StatusBadge'
import { RoleBadge } from '../../src/components/teams/MembersTable'
import { StatusBadge as AttemptStatus } from '../../src/components/webhooks/StatusBadge'
import { Status as KeyStatus } from '../../src/elements/project-detail/KeysTable'
import { renderScreen } from './helpers/render-screen'

/** How a status is drawn: the element that carries its words, its tone, and the classes that give its shape. */
function drawn(container: ParentNode, text: string) {
  const badge = [...container.querySelectorAll<HTMLElement>('[data-tone]')].find((el) => el.textContent === text)
  expect(badge, `"${text}" is drawn as a badge`).toBeDefined()
  const shape = badge!.className
    .split(/\s+/)
    .filter((c) => !/^(bg|text)-(success|warning|danger|raised|fg)(-bg)?$/.test(c))
    .join(' ')
  return { tone: badge!.dataset.tone, shape }
}

describe('one badge for every status', () => {
  it('a key, a project, an endpoint’s delivery and a member’s role read as the same pill, with words and a tone', () => {
    const r = renderScreen(
      <div>
        <KeyStatus state={{ text: 'Expires in 23 h', tone: 'ending', rollable: true }} />
        <KeyStatus state={{ text: 'Expired', tone: 'ended', rollable: false }} />
        <ProjectStatus status="ACTIVE" />
        <AttemptStatus status="failed" code={500} />
        <AttemptStatus status="succeeded" />
        <RoleBadge role="owner" />
        <RoleBadge role="viewer" />
      </div>,
    )
    const all = [
      ['Expires in 23 h', 'warning'],
      ['Expired', 'neutral'],
      ['Active', 'success'],
      ['Failed', 'danger'],
      ['Succeeded', 'success'],
      ['Owner', 'success'],
      ['Viewer', 'neutral'],
    ].map(([text, tone]) => {
      const d = drawn(r.container, text)
      expect(d.tone, text).toBe(tone)
      return d.shape
    })
    expect(new Set(all).size, 'one shape for all').toBe(1)
  })
})
