import { lazyScreen } from '../chunk/lazyScreen'

/** Sign-up, fetched when first shown: a log-in screen does not carry it. */
export const LazySignupScreen = lazyScreen(() => import('./SignupScreen').then((m) => m.SignupScreen))

/** 'Forgot your password?' inside the element (servers with the accounts feature): fetched when opened. */
export const LazyResetFlow = lazyScreen(() => import('./reset/ResetFlow').then((m) => m.ResetFlow))
