/**
 * <flex-signup>: the sign-up screen alone.
 *
 * Attributes and events: ELEMENTS['flex-signup'] in ../descriptors.ts (README's tables and
 * dist/custom-elements.json are made from it).
 *
 * Shows "You are signed in." with a Sign out button instead of the form when a
 * session exists (standalone only; inside <flex-portal> /signup always shows the form).
 */
import { createFlexElement } from '../create-element'
import { SignupScreen } from './SignupScreen'

export const FlexSignupElement = createFlexElement(SignupScreen, 'flex-signup')
