import { createHash } from 'node:crypto'
import { setImmediate as nextTurn } from 'node:timers/promises'
import type { Database } from '../../db/index'
import { listenForChanges } from '../../db/change-listener'
import type { ReadTurn } from '../../http/address-limit'
import { HttpError } from '../../http/errors'
import { listProjects } from './data'

/** The channel migration 012's trigger sends a project's owner on when one of its projects is added, changed or removed. */
export const PROJECTS_CHANNEL = 'flex_projects'

/** A backstop only: every change is heard at once (the trigger's NOTIFY; on this instance, the write itself). */
export const LIST_TTL_MS = 10_000
/**
 * Projects serialised at a time. A list of 1,000 projects with long
 * descriptions held the one thread for tens of milliseconds to serialise and
 * hash (2 MB), and any other user's call that came meanwhile waited for all of
 * it; between pages, their calls run. The read itself stays one statement:
 * read by pages from a cursor, the embedded database stayed locked while the
 * others' calls ran, and their own queries waited for the whole list; read by
 * pages of 50 or 100 rows, each starting after the last, each of the other
 * user's queries waited behind a page of every list being read, and its call
 * was slower than behind whole lists (bench/fair-share.ts).
 */
export const LIST_PAGE = 100
/** Bound on the bytes of lists kept (1,000 projects with long descriptions make about 2 MB). */
const MAX_BYTES = 32 * 1024 * 1024

export interface ProjectList {
  /** A strong validator of the body: the same list gives the same tag on every instance. */
  etag: string
  body: Uint8Array<ArrayBuffer>
}

export interface ProjectLists {
  /**
   * The owner's list, serialised: from memory when unchanged, else read once
   * however many ask together, in `turn` when one is given (the client
   * address's reads, one at a time).
   */
  get(ownerId: string, turn?: ReadTurn): Promise<ProjectList>
  /** Forgets every list (this instance changed projects). */
  forgetAll(): void
  /** Ends its LISTEN and keeps nothing from then on (the app is closing). */
  stop(): Promise<void>
}

type Entry = ProjectList & { at: number }

const caches = new WeakMap<Database, ProjectLists>()

/**
 * Each user's project list as the bytes of its answer. A dashboard asks for
 * the whole list on every load, and serialising 1,000 projects cost tens of
 * milliseconds of the one thread every user shares; an unchanged list is
 * now written as it is. One per database handle, with one LISTEN, like the
 * token cache: until the LISTEN is in place, or while its connection is
 * down, nothing is kept.
 */
export function projectLists(db: Database): ProjectLists {
  let lists = caches.get(db)
  if (!lists) caches.set(db, (lists = newProjectLists(db)))
  return lists
}

/** Ends the handle's list cache, if it has one (its app is closing): its LISTEN connection goes with it. */
export async function stopProjectLists(db: Database): Promise<void> {
  await caches.get(db)?.stop()
}

function newProjectLists(db: Database): ProjectLists {
  const entries = new Map<string, Entry>()
  const loading = new Map<string, Promise<ProjectList>>()
  let bytes = 0
  let epoch = 0
  const drop = (ownerId: string) => {
    const e = entries.get(ownerId)
    if (!e) return
    bytes -= e.body.byteLength
    entries.delete(ownerId)
  }
  const forgetAll = () => {
    epoch++
    entries.clear()
    loading.clear()
    bytes = 0
  }
  // No LISTEN, no cache: every list is read.
  const changes = listenForChanges(
    db,
    PROJECTS_CHANNEL,
    (ownerId) => {
      epoch++
      loading.delete(ownerId)
      if (ownerId === '*') forgetAll()
      else drop(ownerId)
    },
    forgetAll,
  )

  const load = async (ownerId: string): Promise<ProjectList> => {
    const seen = epoch
    const projects = await listProjects(db, ownerId)
    // The same bytes as JSON.stringify of the whole list: its items, comma-separated, in brackets.
    const parts: Buffer[] = [Buffer.from('[')]
    for (let i = 0; i < projects.length; i += LIST_PAGE) {
      if (i > 0) await nextTurn()
      const items = JSON.stringify(projects.slice(i, i + LIST_PAGE)).slice(1, -1)
      parts.push(Buffer.from(i > 0 ? `,${items}` : items))
    }
    parts.push(Buffer.from(']'))
    const body = Buffer.concat(parts)
    const list = { etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`, body }
    if (changes.listening && seen === epoch) {
      drop(ownerId)
      while (bytes + body.byteLength > MAX_BYTES && entries.size > 0) drop(entries.keys().next().value!)
      if (body.byteLength <= MAX_BYTES) {
        entries.set(ownerId, { ...list, at: Date.now() })
        bytes += body.byteLength
      }
    }
    return list
  }

  function get(ownerId: string, turn?: ReadTurn): Promise<ProjectList> {
    const hit = entries.get(ownerId)
    if (hit && Date.now() - hit.at < LIST_TTL_MS) return Promise.resolve(hit)
    // Parallel calls of one user wait for one read, not one each.
    const shared = loading.get(ownerId)
    if (!shared) {
      const read = turn
        ? turn(
            () => load(ownerId),
            (list) => list.body.byteLength,
          )
        : load(ownerId)
      const pending = read.finally(() => {
        if (loading.get(ownerId) === pending) loading.delete(ownerId)
      })
      loading.set(ownerId, pending)
      return pending
    }
    // The read was started in another call's turn, perhaps another address's: that address being
    // refused (429) is not this call's answer, which then reads in its own turn.
    return shared.catch((err: unknown) => {
      if (!(err instanceof HttpError && err.status === 429)) throw err
      return get(ownerId, turn)
    })
  }

  return { forgetAll, stop: () => changes.stop(), get }
}

/** Whether a statement can add, change or remove projects (a deleted user's cascade too). */
export const changesProjects = (sql: string) => /\b(?:insert\s+into|update|delete\s+from|truncate(?:\s+table)?)\s+(?:only\s+)?(?:projects|users)\b/i.test(sql)

/** Whether an If-None-Match header names this tag (a list of tags, or `*`). */
export function matchesTag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false
  if (ifNoneMatch.trim() === '*') return true
  // A weak comparison, as RFC 9110 asks for If-None-Match.
  return ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag)
}
