/**
 * <flex-snippet>: wraps the host's own code blocks (its light DOM) and fills
 * `{{projectId}}`, `{{apiProjectId}}` and `{{apiKey}}` in place, as text, so
 * the host's styling and highlighting stay. Signed out: YOUR_PROJECT_ID,
 * YOUR_API_PROJECT_ID, YOUR_API_KEY and a "Log in to fill in your keys" hint.
 * Signed in: a project and key picker shared by every snippet on the page.
 *
 * Attributes and events: ELEMENTS['flex-snippet'] in ../descriptors.ts (README's tables and
 * dist/custom-elements.json are made from it).
 * Slots: default (the host's code blocks, kept in the light DOM).
 * CSS parts: bar (the picker / hint / Copy row above the code).
 * CSS variables: --flex-surface, --flex-raised, --flex-bg, --flex-border, --flex-fg, --flex-muted,
 *   --flex-accent, --flex-success, --flex-danger, --flex-focus, --flex-radius, --flex-font, --flex-font-mono.
 */
import { createFlexElement } from '../create-element'
import { LazySnippetScreen } from './lazy'

export const FlexSnippetElement = createFlexElement(LazySnippetScreen, 'flex-snippet')
