/**
 * `x-codeSamples` (Redoc's tabs beside an operation) for the calls an API
 * provider's own backend makes with the SERVICE_TOKEN: curl and Node, for the
 * operation's path and a sample body (none for a call that takes none). A new
 * provider call gets its samples by one line in its createRoute:
 * `...codeSamples({ path, body, then })`.
 */
export interface CodeSampleInput {
  /** The path under the API base, as in the document (`/keys/verify`). */
  path: string
  /** A sample JSON body; left out for a call that takes none (a DELETE). */
  body?: Record<string, unknown>
  /** One line of Node that uses the answer (`res`). */
  then: string
  method?: 'POST' | 'PATCH' | 'PUT' | 'DELETE'
}

const BASE = 'https://portal.example.com/api'

export function codeSamples({ path, body, then, method = 'POST' }: CodeSampleInput) {
  const json = body && JSON.stringify(body)
  const curl = [
    `curl -X ${method} ${BASE}${path}`,
    '  -H "Authorization: Bearer $SERVICE_TOKEN"',
    ...(json ? ['  -H "Content-Type: application/json"', `  -d '${json.replace(/'/g, "'\\''")}'`] : []),
  ].join(' \\\n')
  const node = [
    `const res = await fetch('${BASE}${path}', {`,
    `  method: '${method}',`,
    json
      ? "  headers: { Authorization: `Bearer ${process.env.SERVICE_TOKEN}`, 'Content-Type': 'application/json' },"
      : '  headers: { Authorization: `Bearer ${process.env.SERVICE_TOKEN}` },',
    ...(json
      ? [
          `  body: JSON.stringify(${json
            .replace(/"(\w+)":/g, '$1: ')
            .replace(/,(?=\w)/g, ', ')
            .replace(/^\{/, '{ ')
            .replace(/\}$/, ' }')}),`,
        ]
      : []),
    '})',
    then,
  ].join('\n')
  return {
    'x-codeSamples': [
      { lang: 'Shell', label: 'curl', source: curl },
      { lang: 'JavaScript', label: 'Node', source: node },
    ],
  }
}
