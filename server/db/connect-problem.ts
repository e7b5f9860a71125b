/**
 * One sentence for a DATABASE_URL the server cannot use, naming the variable
 * and what to change, instead of node-postgres's stack (a URL without a
 * password, for one, throws "SASL: … client password must be a string" from
 * inside its SCRAM code). Never the URL's credentials.
 */
export function databaseProblem(databaseUrl: string, err: unknown): string {
  return `DATABASE_URL (${where(databaseUrl)}) cannot be used: ${reason(databaseUrl, err)}`
}

/** Host, port and database name: what an operator needs to find the server, and nothing secret. */
function where(databaseUrl: string): string {
  try {
    const url = new URL(databaseUrl)
    return `${url.hostname}${url.port ? `:${url.port}` : ''}${url.pathname === '/' ? '' : url.pathname}`
  } catch {
    return 'unreadable'
  }
}

function hasPassword(databaseUrl: string): boolean {
  try {
    return new URL(databaseUrl).password !== ''
  } catch {
    return false
  }
}

function reason(databaseUrl: string, err: unknown): string {
  const e = (err ?? {}) as { code?: string; message?: string }
  const message = String(e.message ?? err)
  if (/client password must be a string/.test(message) || (e.code === '28P01' && !hasPassword(databaseUrl)))
    return 'the server asks for a password and the URL has none; write it as postgres://user:password@host:5432/database.'
  // node-postgres's own limit (connectionTimeoutMillis): the server took the connection and said nothing.
  if (/due to connection timeout|^timeout expired/.test(message))
    return 'the server took the connection but did not answer in time; is it PostgreSQL, and running?'
  switch (e.code) {
    case '28P01':
      return 'the server refused the user name or password in the URL.'
    case '28000':
      return 'the server does not let this user connect from here (pg_hba.conf).'
    case '3D000':
      return 'the database named in the URL does not exist; create it (createdb) or name another.'
    case 'ECONNREFUSED':
      return 'nothing answers at that host and port; is PostgreSQL running there?'
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return 'the host name cannot be resolved.'
    case 'ETIMEDOUT':
      return 'the connection timed out.'
  }
  return `${message.split('\n')[0]}.`.replace(/\.\.$/, '.')
}
