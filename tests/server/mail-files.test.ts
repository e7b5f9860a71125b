/**
 * The .eml files a server without SMTP_URL writes are read by a person, in an editor: the code a
 * mail carries must be on one line of the file, whole, as the mail shows it.
 */
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { DEFAULTS } from '../../server/config'
import { createMailer } from '../../server/mail/index'
import { invitationMail } from '../../server/resources/members/mail'

let folder: string | undefined
afterEach(async () => {
  if (folder) await rm(folder, { recursive: true, force: true })
})

describe('a mail written as an .eml file', () => {
  it("keeps an invitation's code on one line of the file, where a line break in the text reset the encoder's line length", async () => {
    folder = await mkdtemp(join(tmpdir(), 'flex-mail-'))
    const mailer = createMailer({ ...DEFAULTS.mail, smtpUrl: undefined, folder }, () => {})!
    const code = 'fxi_JtTWsdB62LVoQdZ9QkzKNh0Vi-ebKanbl09yf1HwGNk'
    await mailer.send(invitationMail({ to: 'bob@example.com', product: 'Flex Portal', inviter: 'Owner', project: 'Team app', role: 'developer', code }))
    const [file] = await readdir(folder)
    const eml = await readFile(join(folder, file), 'utf8')
    const plain = eml.slice(eml.indexOf('Content-Type: text/plain'), eml.indexOf('Content-Type: text/html'))
    expect(plain.split('\n').map((line) => line.trim())).toContain(code)
  })
})
