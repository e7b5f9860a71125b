/**
 * A start-up refusal the operator can act on: main.ts prints its message
 * alone, without a stack. A module of its own, importing nothing, so that the
 * lower layers (the DATA_DIR lock, the key file) throw it without loading the
 * settings' schema library.
 */
export class ConfigError extends Error {
  override readonly name = 'ConfigError'
  /** Each thing wrong, one sentence each: a start-up names them all at once. */
  readonly problems: string[]
  constructor(message: string, problems: string[] = [message]) {
    super(message)
    this.problems = problems
  }
}
