/**
 * <flex-signup>: the sign-up screen alone.
 *
 * Attributes and events: ELEMENTS['flex-signup'] in ../descriptors.ts (README's tables and
 * dist/custom-elements.json are made from it).
 *
 * Shows "You are signed in." with a Sign out button instead of the form when a
 * session exists (inside <flex-portal> a signed-in user goes to /dashboard instead).
 */
import { createFlexElement } from '../create-element'
import { StandaloneSignup } from '../../components/auth/StandaloneAuth'

export const FlexSignupElement = createFlexElement(StandaloneSignup, 'flex-signup')
