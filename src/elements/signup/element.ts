/**
 * <flex-signup>: the sign-up screen alone.
 *
 * Attributes: api-base, router, forgot-password-url.
 * Events: flex-signed-in, flex-navigate (cancelable).
 */
import { createFlexElement } from '../create-element'
import { SignupScreen } from './SignupScreen'

export const FlexSignupElement = createFlexElement(SignupScreen)
