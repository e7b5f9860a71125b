import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { openDatabase } from '../server/db/index'
import { migrate } from '../server/db/migrate'
import { listProjects } from '../server/resources/projects/data'
const db = await openDatabase({ dataDir: mkdtempSync(join(tmpdir(), 'lc-')), databaseUrl: process.env.DATABASE_URL })
if (process.env.DATABASE_URL) { await db.query('DROP SCHEMA IF EXISTS lc CASCADE'); }
await migrate(db)
await db.query(`INSERT INTO users (id,email,name,password_hash) VALUES ('u1','a@b.c','A','x') ON CONFLICT DO NOTHING`)
await db.query(`DELETE FROM projects WHERE owner_id='u1'`)
await db.query(`INSERT INTO projects (id, owner_id, name, description, webhook_secret_hash) SELECT 'p'||g, 'u1', 'Noisy '||g, repeat('x',2000), 'h' FROM generate_series(1,1000) g`)
for (let i = 0; i < 5; i++) {
  let t = performance.now(); const rows = await listProjects(db, 'u1'); const q = performance.now() - t
  t = performance.now(); const b = Buffer.from(JSON.stringify(rows)); const s = performance.now() - t
  console.log('query', q.toFixed(1), 'stringify+buffer', s.toFixed(1), b.length)
}
process.exit(0)
