import type { Database, Queryable } from './index'

/**
 * The database, telling `onWrite` of every statement `matches` picks: once
 * the statement is done and, inside a transaction, again once it commits.
 * A cache of what such statements change forgets at once on this instance,
 * whatever code wrote — the NOTIFY that tells every instance arrives on its
 * own connection a moment after the commit, a moment in which the next
 * request of the client that just signed out could otherwise still pass.
 */
export function watchWrites(db: Database, matches: (sql: string) => boolean, onWrite: () => void): Database {
  const watched = (q: Queryable, seen: () => void): Queryable => ({
    async query(sql, params) {
      try {
        return await q.query(sql, params)
      } finally {
        if (matches(sql)) seen()
      }
    },
    async exec(sql) {
      try {
        await q.exec(sql)
      } finally {
        if (matches(sql)) seen()
      }
    },
  })
  return {
    ...db,
    ...watched(db, onWrite),
    async transaction(fn) {
      let wrote = false
      try {
        return await db.transaction((tx) =>
          fn(
            watched(tx, () => {
              wrote = true
              onWrite()
            }),
          ),
        )
      } finally {
        if (wrote) onWrite()
      }
    },
  }
}
