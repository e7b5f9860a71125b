import { useEffect } from 'react'
import { readProject, readProjects } from '../../api/project-reads'
import { at } from '../../api/request'
import { useFlexStore } from '../../hooks/useFlexStore'
import { store } from '../../store'
import { useElement } from '../../context/element'
import { STAND_INS } from '../../components/snippets/fill'
import { singleFlight } from '../../single-flight'
import type { ProjectSummary } from '../../api/types'
import type { SnippetKey } from '../../store/snippet-slice'

// Every snippet on the page asks at the same moment (their effects run in one
// commit): one request serves them all.
const loads = new Map<string, Promise<void>>()
const once = (key: string, load: () => Promise<void>) => singleFlight(loads, key, load).catch(() => {})

type ServedKey = { id?: unknown; name?: unknown; expiresAt?: unknown; rolledAt?: unknown; mode?: unknown }

/**
 * A project's API project IDs with their names ('' where the server sends
 * none) and modes, null for a key that no longer works (expired, or rolled
 * away): a sample must not hand one out.
 */
function keysOf(x: { apiKey?: object; keys?: ServedKey[] } | null): Record<string, SnippetKey | null> {
  const out: Record<string, SnippetKey | null> = {}
  for (const id of Object.keys(x?.apiKey ?? {})) out[id] = { name: '', test: false }
  if (Array.isArray(x?.keys))
    for (const k of x.keys)
      if (typeof k?.id == 'string')
        out[k.id] =
          k.rolledAt || (typeof k.expiresAt == 'string' && Date.parse(k.expiresAt) <= Date.now())
            ? null
            : { name: typeof k.name == 'string' ? k.name : '', test: k.mode == 'test' }
  return out
}

/**
 * The projects of the list's answer, with what a sample needs (an id, the
 * picker's name, the date that makes one the newest), null for none. Read here
 * rather than by the signed-in screens' calls, which would bring their chunk
 * to a docs page that has only snippets.
 */
function projectsOf(x: unknown): ProjectSummary[] | null {
  const list = (Array.isArray(x) ? x : []).filter((p): p is Record<string, unknown> => typeof p?.id == 'string')
  const text = (v: unknown) => (typeof v == 'string' ? v : '')
  return list[0] ? list.map((p) => ({ id: p.id as string, name: text(p.name), description: '', createDate: text(p.createDate), status: '' })) : null
}

/**
 * What every <flex-snippet> shows, from the one store: the picked project (by
 * default the one created or opened last, else the newest) and key, among the
 * keys that work, a test key first (samples are for trying). A whole key only
 * when it was revealed on this page; else never the masked one (a command
 * holding it can only fail), but YOUR_API_KEY.
 */
export function useSnippet() {
  const { apiBase, hostSession } = useElement()
  const { accessData, hostSignIn, revealedKeys, snippetPick: pick, snippetProjects: projects, snippetKeys, projectsRevision } = useFlexStore((s) => s)
  // Signed in by the host (by this element, or by another on the page while it runs or has failed): a
  // session kept from before may be another person's, until the host's replaces it. Not after a sign-out
  // ('signed-out'), which a page with no host sign-in knows too: its next log-in is the reader's own.
  const token = (hostSession ? hostSignIn != 'done' : hostSignIn == 'pending' || hostSignIn == 'failed') ? undefined : accessData?.accessToken
  const projectId = pick?.projectId ?? projects?.reduce((a, b) => (a.createDate >= b.createDate ? a : b)).id
  const whole = (projectId && revealedKeys[projectId]) || {}
  // Ids only: the whole keys need no copy.
  const fresh = `${token} ${projectsRevision} ${Object.entries(revealedKeys).map(([id, keys]) => id + Object.keys(keys))}`
  const current = () => store.getState().accessData?.accessToken === token

  useEffect(() => {
    if (!token) return
    once(fresh, async () => {
      const list = await readProjects(at(apiBase), token)
      if (current()) store.setState({ snippetProjects: projectsOf(list) })
    })
    if (projectId)
      once(fresh + projectId, async () => {
        const project = await readProject<Parameters<typeof keysOf>[0]>(at(apiBase), token, projectId)
        if (current()) store.setState((s) => ({ snippetKeys: { ...s.snippetKeys, [projectId]: keysOf(project) } }))
      })
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `fresh` stands for the token and the reveals
  }, [fresh, projectId])

  const listed = (projectId && snippetKeys[projectId]) || {}
  // Listed keys that work, and keys revealed since the list was read (not in it yet).
  const usable = (id: string) => (id in listed ? listed[id] !== null : id in whole)
  const keyIds = [...new Set([...Object.keys(listed), ...Object.keys(whole)])].filter(usable)
  const test = (id: string) => listed[id]?.test
  const revealed = Object.keys(whole).filter(usable)
  const keyId =
    pick?.projectId === projectId && keyIds.includes(pick?.keyId as string)
      ? pick!.keyId
      : (revealed.filter(test).pop() ?? revealed.pop() ?? keyIds.find(test) ?? keyIds[0])
  const key = keyId && whole[keyId]
  return {
    projects,
    projectId,
    keyIds,
    keyId,
    names: listed,
    values: token && projectId ? { projectId, apiProjectId: keyId ?? STAND_INS.apiProjectId, apiKey: key || STAND_INS.apiKey } : STAND_INS,
    // Ids of the bar's texts (en/snippet.ts).
    hint: !token ? ('snippet.signedOut' as const) : !key ? ('snippet.placeholder' as const) : test(keyId) ? ('snippet.testKey' as const) : undefined,
  }
}

export type SnippetState = ReturnType<typeof useSnippet>
