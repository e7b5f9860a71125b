import { useFlexStore } from './useFlexStore'

/** Whether the shared session has an access token: what a screen's shell needs before its chunk (and the project calls) is fetched. */
export const useSignedIn = (): boolean => useFlexStore((s) => Boolean(s.accessData?.accessToken))
