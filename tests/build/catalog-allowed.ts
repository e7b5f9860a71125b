import { LogQuery } from '../../contract/logs'

/**
 * Literals the catalog test would take for texts but that no reader sees as
 * one (or that must stay as they are in every language), each with why.
 */
export const TEXT_ALLOWED: { text: string; why: string }[] = [
  { text: 'Flex', why: 'the default product-name: a name, the same in every language' },
  { text: 'ApiError', why: "the error class's name, for developers" },
  { text: 'Bearer ${…}', why: 'the Authorization header' },
  { text: 'Authorization: Bearer ${…}', why: "the header line of the empty request log's sample: code, the same in every language" },
  { text: '/manage/dapp/${…}/usage?days=${…}${…}', why: 'an API path' },
  { text: '/projects?projectid=${…}', why: 'a route' },
  { text: 'accessData', why: 'the localStorage key of the session (the spec names it)' },
  { text: 'replaceSync', why: 'a DOM method name, tested for support' },
  { text: 'adoptedStyleSheets', why: 'a DOM property name, tested for support' },
  { text: 'fetchSessionCode', why: "the element's property name" },
  { text: 'Escape', why: 'a key name (KeyboardEvent.key)' },
  { text: 'ArrowDown', why: 'a key name (KeyboardEvent.key)' },
  { text: 'ArrowUp', why: 'a key name (KeyboardEvent.key)' },
  { text: 'Tab', why: 'a key name (KeyboardEvent.key)' },
  { text: 'Flex(${…})', why: "a React component's display name, for developer tools" },
  { text: 'expiresAt', why: "an audit entry's detail field (server/resources/api-keys), read into an activity sentence" },
  { text: 'graceUntil', why: "an audit entry's detail field (key.rolled), read into an activity sentence" },
  { text: 'eventType', why: "an audit entry's detail field (test_event.sent), read into an activity sentence" },
  { text: 'durationMs', why: "the request table's column id, named as the entry's field (the word 'duration' is a utility to the class scan)" },
  // The Requests section's filters are named as the page's query parameters: a filter's name is code, whatever its case.
  ...Object.keys(LogQuery.shape).map((text) => ({ text, why: "a query parameter of the request-log page (the contract's LogQuery)" })),
]
