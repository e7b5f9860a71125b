import { z } from 'zod'
import { ConfigError } from './config-error'

export { ConfigError }

/** One error for every problem found: the one alone, or a list under `heading`. */
export function configErrors(problems: string[], heading: string): ConfigError {
  return new ConfigError(problems.length === 1 ? problems[0] : [heading, ...problems.map((p) => `- ${p}`)].join('\n'), problems)
}

export type Env = Record<string, string | undefined>

/**
 * What ties a field of the configuration schema to the environment: its
 * variable (and any read with it), what a bad value is told, and its default
 * as README's table writes it where that is not the value itself.
 */
export interface Setting {
  env: string
  also?: string[]
  says?: (raw: string) => string
  shown?: string
}

const settings = z.registry<Setting>()

export const setting = <T extends z.ZodType>(schema: T, meta: Setting): T => {
  settings.add(schema, meta)
  return schema
}

// Digits alone: Number() also reads 0x1F90, 0b1, 1e3 and ' 12 ', which no one writes for a whole number on
// purpose; a typo of that kind must stop the start, as '8080abc' does.
const WHOLE = /^\d+$/

export const int = (env: string, fallback: number, min: number, max: number) =>
  setting(z.preprocess((v) => (typeof v === 'string' && !WHOLE.test(v) ? NaN : v), z.coerce.number().int().min(min).max(max)).default(fallback), {
    env,
    says: (raw) => `${env} must be a whole number from ${min} to ${max}, not "${raw}".`,
  })

const SWITCH = { truthy: ['1', 'true', 'yes'], falsy: ['0', 'false', 'no'] }
const switchSays = (env: string) => (raw: string) => `${env} must be true or false, not "${raw.toLowerCase()}".`

export const bool = (env: string) => setting(z.stringbool(SWITCH).default(false), { env, says: switchSays(env) })

/** A switch whose default depends on other settings (undefined when unset); `shown` is that default as README writes it. */
export const boolOr = (env: string, shown: string) => setting(z.stringbool(SWITCH).optional(), { env, says: switchSays(env), shown })

/** A switch's variable as given, read before (or without) the schema. */
export const switchedOn = (env: Env, name: string) => SWITCH.truthy.includes(env[name]?.trim().toLowerCase() ?? '')

/** Text that `valid` accepts, or unset. */
export const text = (env: string, says: (raw: string) => string, valid: (value: string) => boolean = () => true) =>
  setting(z.string().refine(valid).optional(), { env, says })

/** Text that `valid` accepts, or `fallback`. */
export const textOr = (env: string, fallback: string, says?: (raw: string) => string, valid: (value: string) => boolean = () => true, shown?: string) =>
  setting(z.string().refine(valid).default(fallback), { env, says, shown })

/**
 * A transform of the schema by `parse`, which throws ConfigError itself: its sentences join the schema's
 * other problems (thrown out of the schema, it hid them all).
 */
export const reading =
  <I, T>(parse: (input: I) => T) =>
  (input: I, ctx: z.RefinementCtx): T => {
    try {
      return parse(input)
    } catch (err) {
      if (!(err instanceof ConfigError)) throw err
      for (const problem of err.problems) ctx.addIssue({ code: 'custom', message: problem, params: { sentence: true } })
      return z.NEVER
    }
  }

/** A value `parse` makes of the variable's text (undefined when unset), read as `reading` says. */
export const parsed = <T>(env: string, parse: (raw: string | undefined) => T, extra: Omit<Setting, 'env' | 'says'> = {}) =>
  setting(z.string().optional().transform(reading(parse)), { env, ...extra })

const raw = (env: Env, name: string) => env[name]?.trim() || undefined

/** The schema's input: each setting's variable, trimmed, an empty one as unset. */
function envInput(schema: z.ZodObject, env: Env): Record<string, unknown> {
  const input: Record<string, unknown> = {}
  for (const [key, field] of Object.entries(schema.shape)) {
    const meta = settings.get(field)
    if (meta?.also) input[key] = Object.fromEntries([meta.env, ...meta.also].map((name) => [name, raw(env, name)]))
    else if (meta) input[key] = raw(env, meta.env)
    else if (field instanceof z.ZodObject) input[key] = envInput(field, env)
  }
  return input
}

/** `schema` read from `env`; bad values throw one ConfigError naming each with what its setting says. */
export function readSettings<T extends z.ZodObject>(schema: T, env: Env): z.output<T> {
  const result = schema.safeParse(envInput(schema, env))
  if (result.success) return result.data
  const problems = result.error.issues.map((issue) => {
    if (issue.code === 'custom' && issue.params?.sentence) return issue.message
    let field: z.ZodType | undefined = schema
    for (const key of issue.path) field = field instanceof z.ZodObject ? field.shape[key as string] : undefined
    const meta = field && settings.get(field)
    return meta?.says ? meta.says(raw(env, meta.env) ?? '') : `${meta?.env ?? issue.path.join('.')}: ${issue.message}`
  })
  throw configErrors([...new Set(problems)], 'These settings are wrong:')
}

/** Every variable `schema` reads, with where its value lands and how README shows its default. */
export function variables(schema: z.ZodObject, at: string[] = []): Array<{ name: string; path: string[]; shown?: string }> {
  return Object.entries(schema.shape).flatMap(([key, field]) => {
    const meta = settings.get(field)
    if (meta) return [meta.env, ...(meta.also ?? [])].map((name) => ({ name, path: [...at, key], shown: meta.shown }))
    return field instanceof z.ZodObject ? variables(field, [...at, key]) : []
  })
}
