import type { Database, Queryable } from './index'

/**
 * The database, telling `onStatement` of every statement: once it is done
 * and, inside a transaction, again once the transaction has ended.
 * A cache of what such statements change forgets at once on this instance,
 * whatever code wrote — the NOTIFY that tells every instance arrives on its
 * own connection a moment after the commit, a moment in which the next
 * request of the client that just signed out could otherwise still pass.
 */
export function watchWrites(db: Database, onStatement: (sql: string) => void): Database {
  const watched = (q: Queryable, seen: (sql: string) => void): Queryable => ({
    async query(sql, params) {
      try {
        return await q.query(sql, params)
      } finally {
        seen(sql)
      }
    },
    async exec(sql) {
      try {
        await q.exec(sql)
      } finally {
        seen(sql)
      }
    },
  })
  return {
    ...db,
    origin: db.origin ?? db,
    ...watched(db, onStatement),
    async transaction(fn) {
      const statements: string[] = []
      try {
        return await db.transaction((tx) =>
          fn(
            watched(tx, (sql) => {
              statements.push(sql)
              onStatement(sql)
            }),
          ),
        )
      } finally {
        for (const sql of statements) onStatement(sql)
      }
    },
  }
}
