/** Fixtures and render helpers for the dashboard and project-detail tests. */
import { vi } from 'vitest'
import type { KeyInfo, Project, ProjectSummary } from '../../../src/api/types'
import { ProjectDetailScreen } from '../../../src/elements/project-detail/ProjectDetailScreen'
import { ProjectsScreen } from '../../../src/elements/projects/ProjectsScreen'
import { shadow } from './elements'
import { renderScreen, type ScreenOptions } from './render-screen'

export const summary = (n: number, extra: Partial<ProjectSummary> = {}): ProjectSummary => ({
  id: `prj_${n}`,
  name: `Project ${n}`,
  description: `Description ${n}`,
  createDate: '2024-03-05T10:00:00.000Z',
  status: 'active',
  ...extra,
})

/** A key as the server lists it in a project's keys[]: every field the contract names. */
export const keyEntry = (id: string, name: string, maskedKey: string, extra: Partial<KeyInfo> = {}): KeyInfo => ({
  id,
  name,
  maskedKey,
  createdAt: '2024-03-05T10:00:00.000Z',
  lastUsedAt: null,
  expiresAt: null,
  rolledAt: null,
  replacedBy: null,
  ...extra,
})

export const projects = (count: number) => Array.from({ length: count }, (_, i) => summary(i + 1))

export const detail = (n: number, apiKey: Record<string, string> = {}, extra: Partial<Project> = {}): Project => ({ ...summary(n), apiKey, ...extra })

/**
 * Renders a screen in its providers; `q` queries the whole shadow root, where
 * dialogs, menus and the sidebar sheet are portalled (the plain render queries
 * see only the screen's own container).
 */
export function renderDashboard(options: ScreenOptions = {}) {
  const r = renderScreen(<ProjectsScreen />, { route: '/dashboard', ...options })
  return { ...r, q: shadow(r.host) }
}

export function renderDetail(projectId: string | undefined, options: ScreenOptions = {}) {
  const r = renderScreen(<ProjectDetailScreen projectId={projectId} />, { route: '/projects', ...options })
  return { ...r, q: shadow(r.host) }
}

/** Replaces navigator.clipboard; the default accepts every write. */
export function stubClipboard(writeText: (text: string) => Promise<void> = () => Promise.resolve()) {
  const fn = vi.fn(writeText)
  Object.defineProperty(navigator, 'clipboard', { value: { writeText: fn }, configurable: true })
  return fn
}

export function removeClipboard() {
  Object.defineProperty(navigator, 'clipboard', { value: undefined, configurable: true })
}
