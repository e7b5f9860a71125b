import type { Message } from '../types'
import { auth } from './auth'
import { projects } from './projects'
import { project } from './project'
import { keys } from './keys'
import { keyAccess } from './key-access'
import { usage } from './usage'
import { requests } from './requests'
import { modes } from './modes'
import { formDialog } from './form-dialog'
import { webhooks } from './webhooks'
import { profile } from './profile'
import { common } from './common'
import { copy } from './copy'
import { errors } from './errors'
import { unreachable } from './unreachable'
import { frame } from './frame'
import { host } from './host'
import { reset } from './reset'
import { reveal } from './reveal'
import { codeSent, server } from './server'
import { signup } from './signup'
import { snippet } from './snippet'
import { teams } from './teams'
import { removal } from './removal'
import { roles } from './roles'

/**
 * The whole English catalog: every area's texts under their ids. Only the
 * catalog's tests, the id check of a host's `strings` and the bundled
 * languages' types use it whole; screens import their own area.
 */
export const CATALOG = {
  ...auth,
  ...projects,
  ...project,
  ...keys,
  ...keyAccess,
  ...usage,
  ...requests,
  ...modes,
  ...formDialog,
  ...webhooks,
  ...profile,
  ...common,
  ...copy,
  ...errors,
  ...unreachable,
  ...frame,
  ...host,
  ...reset,
  ...reveal,
  ...server,
  ...codeSent,
  ...signup,
  ...snippet,
  ...teams,
  ...removal,
  ...roles,
}

export type MessageId = keyof typeof CATALOG

/** A bundled language: every id, each a text or a function as its English one is. */
export type LocaleMessages = Record<MessageId, Message>
