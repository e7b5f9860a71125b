import type { RouteConfig } from '@hono/zod-openapi'
import type { z } from 'zod'
import { describe, expect, it } from 'vitest'
import { LOG_ENTRY_INVALID } from '../../contract/constants'
import { fieldErrorCode } from '../../contract/fields'
import { LogEntryInput } from '../../contract/logs'
import { NewProject, ProjectChanges } from '../../contract/requests'
import { NewWebhookEndpoint } from '../../contract/webhooks'
import { BAD_ADDRESS_MESSAGES, BODY_MESSAGES } from '../../server/openapi/error-responses'
import { bodyMessages } from '../../server/openapi/schema-messages'

// Every operation of every resource, as its operations file describes it.
const operations = Object.values(import.meta.glob<Record<string, unknown>>('../../server/resources/*/operations.ts', { eager: true }))
  .flatMap((module) => Object.values(module))
  .filter((value): value is RouteConfig => typeof value === 'object' && value !== null && 'method' in value && 'responses' in value)
const bodyOf = (route: RouteConfig) => (route.request?.body?.content as Record<string, { schema?: z.ZodType }> | undefined)?.['application/json']?.schema
const documented400 = (route: RouteConfig) => {
  const answer = (route.responses as Record<string, { content?: Record<string, { examples?: Record<string, { value: { message: string; code: string } }> }> }>)[
    '400'
  ]
  return Object.values(answer?.content?.['application/json']?.examples ?? {}).map((example) => example.value)
}

// Values that break a field each way a client can: left out, null, another type, empty, too long, a control or an invisible character.
const PROBES: unknown[] = [undefined, null, 5, true, [], {}, '', ' ', 'x'.repeat(5000), 'a\u0000b', 'a\nb', '\u200b', ['x'.repeat(300)], Array(300).fill('a')]

/**
 * The first refusal of each probe of each field of `schema`, as the server answers it (the first issue's
 * message), where the contract words it: a key's mode, scopes and addresses are checked by their route
 * before the schema sees them, so zod's own words for them never reach a caller.
 */
function answered(schema: z.ZodObject): string[] {
  const messages = new Set<string>()
  for (const field of Object.keys(schema.shape))
    for (const probe of PROBES) {
      const result = schema.safeParse({ [field]: probe })
      const refusal = result.success ? undefined : result.error.issues.find((issue) => issue.path[0] === field)
      if (refusal && fieldErrorCode(refusal.message)) messages.add(refusal.message)
    }
  return [...messages]
}

describe('the refusals a body schema words (bodyMessages)', () => {
  it('holds every refusal the schemas of the API answer when each field is sent wrong', () => {
    const bodies = operations.map(bodyOf).filter((schema): schema is z.ZodObject => schema !== undefined && 'shape' in schema)
    expect(bodies.length).toBeGreaterThan(20)
    for (const schema of [...bodies, LogEntryInput]) {
      const read = bodyMessages(schema)
      for (const message of answered(schema)) expect(read, String(schema.meta()?.id)).toContain(message)
    }
  })

  it('names a field’s “is required” only where leaving it out or sending null can reach it', () => {
    // An optional description: left out or null reads as "", so it is never "required".
    expect(bodyMessages(NewProject)).toContain('Project name is required.')
    expect(bodyMessages(NewProject)).toContain('Project description must be text.')
    expect(bodyMessages(NewProject)).not.toContain('Project description is required.')
    // An edit's name may be left out, but not sent as null.
    expect(ProjectChanges.safeParse({ name: null }).error?.issues[0].message).toBe('Project name is required.')
    expect(bodyMessages(ProjectChanges)).toContain('Project name is required.')
    expect(bodyMessages(ProjectChanges)).not.toContain('Project description is required.')
  })

  it('reads the checks of a list and of each of its items', () => {
    const messages = bodyMessages(NewWebhookEndpoint)
    expect(messages).toContain('eventTypes must be a list of event type names.')
    expect(messages.some((m) => /^An endpoint may name at most \d+ event types/.test(m))).toBe(true)
    expect(messages).toContain('Each event type must be text.')
    expect(messages.some((m) => /^An event type must be at most \d+ characters\.$/.test(m))).toBe(true)
  })
})

describe('each operation’s documented 400', () => {
  it('lists every refusal its body’s schema words, with the code the server answers it with', () => {
    const bodied = operations.filter((route) => bodyOf(route))
    expect(bodied.length).toBeGreaterThan(20)
    for (const route of bodied) {
      const shown = documented400(route).map(({ message }) => message)
      const name = `${route.method} ${route.path}`
      if (route.path === '/logs') {
        // The batch's 400 names the entry and answers every field with one code.
        for (const message of bodyMessages(LogEntryInput)) expect(shown, name).toContain(`entries[0]: ${message}`)
        expect(
          new Set(
            documented400(route)
              .slice(BODY_MESSAGES.length, -BAD_ADDRESS_MESSAGES.length)
              .map(({ code }) => code),
          ),
          name,
        ).toEqual(new Set([LOG_ENTRY_INVALID]))
      } else for (const message of bodyMessages(bodyOf(route)!)) expect(shown, name).toContain(message)
    }
  })
})
