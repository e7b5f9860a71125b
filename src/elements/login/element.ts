/**
 * <flex-login>: the log-in screen alone.
 *
 * Attributes: api-base (default /api), router (hash | memory), forgot-password-url,
 *   theme (dark | light | auto), signup-url (without it the other screen opens in place).
 * Events: flex-signed-in, flex-signed-out (its Sign out button),
 *   flex-navigate (cancelable; to /dashboard after success).
 * Shows "You are signed in." with a Sign out button instead of the form when a
 * session exists (inside <flex-portal> a signed-in user goes to /dashboard instead).
 */
import { createFlexElement } from '../create-element'
import { StandaloneLogin } from './StandaloneAuth'

export const FlexLoginElement = createFlexElement(StandaloneLogin)
