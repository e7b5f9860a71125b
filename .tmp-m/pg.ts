import { PGlite } from '@electric-sql/pglite'
const pg = new PGlite()
await pg.query(`CREATE TABLE t (seq bigint GENERATED ALWAYS AS IDENTITY, created_at timestamptz NOT NULL DEFAULT now(), name text)`)
await pg.query(`INSERT INTO t (name) SELECT 'a'||g FROM generate_series(1,5) g`)
console.log((await pg.query(`SELECT created_at::text AS at, seq::text AS seq, created_at FROM t`)).rows)
const r = await pg.query(`SELECT name FROM t WHERE ($1::timestamptz IS NULL OR (created_at, seq) < ($1::timestamptz, $2::bigint)) ORDER BY created_at DESC, seq DESC`, [(await pg.query<any>(`SELECT created_at::text AS at FROM t LIMIT 1`)).rows[0].at, '3'])
console.log(r.rows)
