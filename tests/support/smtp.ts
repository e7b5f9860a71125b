/**
 * A real SMTP server for tests (smtp-server), on a free loopback port, that
 * keeps every mail it receives, parsed with mailparser. `SMTP_URL` points the
 * portal's server at it; `next(to)` waits for the next mail to an address.
 */
import { simpleParser, type ParsedMail } from 'mailparser'
import type { AddressInfo } from 'node:net'
import { SMTPServer } from 'smtp-server'
import { afterAll, beforeAll } from 'vitest'

export interface Inbox {
  /** smtp://user:pass@127.0.0.1:PORT — credentials in the URL, as a provider's would be. */
  url: string
  /** Every mail received so far, oldest first. */
  mails: ParsedMail[]
  /** Resolves with the first mail to `to` not taken yet (already there, or when it arrives). */
  next(to: string, timeoutMs?: number): Promise<ParsedMail>
  /** The code in the latest mail to `to` (waiting for it). */
  code(to: string): Promise<string>
  close(): Promise<void>
}

const recipient = (mail: ParsedMail) =>
  (Array.isArray(mail.to) ? mail.to : mail.to ? [mail.to] : []).flatMap((a) => a.value.map((v) => v.address?.toLowerCase()))

export async function startInbox(): Promise<Inbox> {
  const mails: ParsedMail[] = []
  const taken = new Set<ParsedMail>()
  const waiters = new Set<() => void>()
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onAuth: (auth, _session, done) => done(null, { user: auth.username }),
    onData(stream, _session, done) {
      simpleParser(stream).then(
        (mail) => {
          mails.push(mail)
          for (const wake of waiters) wake()
          done()
        },
        (err: Error) => done(err),
      )
    },
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.server.address() as AddressInfo

  const next = (to: string, timeoutMs = 10_000) =>
    new Promise<ParsedMail>((resolve, reject) => {
      const find = () => {
        const mail = mails.find((m) => !taken.has(m) && recipient(m).includes(to.toLowerCase()))
        if (!mail) return false
        taken.add(mail)
        cleanup()
        resolve(mail)
        return true
      }
      const timer = setTimeout(() => {
        cleanup()
        reject(new Error(`no mail to ${to} within ${timeoutMs} ms (${mails.length} received)`))
      }, timeoutMs)
      const cleanup = () => {
        clearTimeout(timer)
        waiters.delete(check)
      }
      const check = () => void find()
      if (!find()) waiters.add(check)
    })

  return {
    url: `smtp://portal:secret@127.0.0.1:${port}`,
    mails,
    next,
    async code(to) {
      const mail = await next(to)
      const match = /^\s+(\d+)\s*$/m.exec(mail.text ?? '')
      if (!match) throw new Error(`no code in the mail to ${to}`)
      return match[1]
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

/**
 * One inbox for a test file: started before its tests, closed after them.
 * The answer stands for it from the file's first test on.
 */
export function inboxForFile(): Inbox {
  let inbox: Inbox | undefined
  beforeAll(async () => {
    inbox = await startInbox()
  })
  afterAll(() => inbox?.close())
  const started = (): Inbox => {
    if (!inbox) throw new Error('The inbox starts before the first test of the file.')
    return inbox
  }
  return {
    get url() {
      return started().url
    },
    get mails() {
      return started().mails
    },
    next: (to, timeoutMs) => started().next(to, timeoutMs),
    code: (to) => started().code(to),
    close: () => started().close(),
  }
}
