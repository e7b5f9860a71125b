import { createHash } from 'node:crypto'
import { setImmediate as nextTurn } from 'node:timers/promises'
import type { Database } from '../../db/index'
import type { CacheSet } from '../../db/cache'
import type { ReadTurn } from '../../http/address-limit'
import { HttpError } from '../../http/errors'
import { listProjects } from './data'

/** The channel the projects table's trigger sends an owner on when one of their projects is added, changed or removed (migration 013). */
export const PROJECTS_CHANNEL = 'flex_projects'

/** A safety net only: every change to a project row is heard. */
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
const MAX_LISTS = 10_000

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
}

/** The caller's read turn, and whether the load ran in it. */
type Turn = { turn?: ReadTurn; used: boolean }

/**
 * Each user's project list as the bytes of its answer. A dashboard asks for
 * the whole list on every load, and serialising 1,000 projects cost tens of
 * milliseconds of the one thread every user shares; an unchanged list is
 * now written as it is (kept in the app's CacheSet, db/cache.ts).
 */
export function projectLists(caches: CacheSet, db: Database): ProjectLists {
  const read = async (ownerId: string): Promise<ProjectList> => {
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
    return { etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`, body }
  }
  const lists = caches.rowCache<ProjectList, Turn>({
    channel: PROJECTS_CHANNEL,
    ttlMs: LIST_TTL_MS,
    max: MAX_LISTS,
    maxSize: MAX_BYTES,
    sizeOf: (list) => list.body.byteLength,
    load(ownerId, caller) {
      if (!caller?.turn) return read(ownerId)
      caller.used = true
      return caller.turn(
        () => read(ownerId),
        (list) => list.body.byteLength,
      )
    },
  })

  async function get(ownerId: string, turn?: ReadTurn): Promise<ProjectList> {
    const caller: Turn = { turn, used: false }
    try {
      return (await lists.get(ownerId, caller))!
    } catch (err) {
      // The read was started in another call's turn, perhaps another address's: that address being
      // refused (429) is not this call's answer, which then reads in its own turn.
      if (caller.used || !(err instanceof HttpError && err.status === 429)) throw err
      return get(ownerId, turn)
    }
  }
  return { get }
}

/** Whether an If-None-Match header names this tag (a list of tags, or `*`). */
export function matchesTag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false
  if (ifNoneMatch.trim() === '*') return true
  // A weak comparison, as RFC 9110 asks for If-None-Match.
  return ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag)
}
