import { lazyScreen } from '../chunk/lazyScreen'

/** Sign-up, fetched when first shown: a log-in screen does not carry it. */
export const LazySignupScreen = lazyScreen(() => import('./SignupScreen').then((m) => m.SignupScreen))
