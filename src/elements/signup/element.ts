/**
 * <flex-signup>: the sign-up screen alone.
 *
 * Attributes: api-base (default /api), router (hash | memory), forgot-password-url.
 * Events: flex-signed-in, flex-signed-out (its Sign out button),
 *   flex-navigate (cancelable; to /dashboard after success, to the other screen).
 * Shows "You are signed in." with a Sign out button instead of the form when a
 * session exists (standalone only; inside <flex-portal> /signup always shows the form).
 */
import { createFlexElement } from '../create-element'
import { SignupScreen } from './SignupScreen'

export const FlexSignupElement = createFlexElement(SignupScreen)
