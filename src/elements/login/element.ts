/**
 * <flex-login>: the log-in screen alone.
 *
 * Attributes: api-base, router, forgot-password-url.
 * Events: flex-signed-in, flex-navigate (cancelable).
 */
import { createFlexElement } from '../create-element'
import { LoginScreen } from './LoginScreen'

export const FlexLoginElement = createFlexElement(LoginScreen)
