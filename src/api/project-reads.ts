/**
 * The project list and one project as the server sent them, unchecked: the
 * snippets read only what a sample needs, with the first screens' caller and
 * the token given, so a docs page with snippets alone fetches neither the
 * signed-in chunk (projects.ts's checks, useManageApi) nor its sign-out on a 401.
 */
import type { Call } from './request'

export const readProjects = (call: Call, token: string): Promise<unknown> => call({ method: 'GET', path: '/manage/dapp/owner', token })

export const readProject = <T>(call: Call, token: string, id: string): Promise<T> =>
  call<T>({ method: 'GET', path: `/manage/dapp/${encodeURIComponent(id)}`, token })
