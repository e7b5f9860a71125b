/**
 * <flex-login>: the log-in screen alone.
 *
 * Attributes and events: ELEMENTS['flex-login'] in ../descriptors.ts (README's tables and
 * dist/custom-elements.json are made from it).
 *
 * Shows "You are signed in." with a Sign out button instead of the form when a
 * session exists (standalone only; inside <flex-portal> /login always shows the form).
 */
import { createFlexElement } from '../create-element'
import { LoginScreen } from './LoginScreen'

export const FlexLoginElement = createFlexElement(LoginScreen, 'flex-login')
