/**
 * English of the widget's own words for a call that failed (no answer, an
 * answer it cannot read). A server's own message is shown as it sent it,
 * but for the ones the widget knows (server.ts).
 */
export const errors = {
  'error.unknown': 'Something went wrong. Please try again.',
  'error.aborted': 'The request was cancelled.',
  'error.timeout': 'The server took too long to respond. Please try again.',
  'error.network': "Can't reach the server. Check your connection and try again.",
  'error.dropped': 'The connection dropped while reading the response. Please try again.',
  'error.status': ({ status }: { status: number }) => `The request failed (status ${status}). Please try again.`,
  'error.unreadable': ({ status }: { status: number }) => `The server sent a response that could not be read (status ${status}).`,
  'error.unreadable.signIn': 'The server sent sign-in data that could not be read.',
  'error.unreadable.token': 'The server sent a device token that could not be read.',
  'error.unreadable.keys': 'The server sent API keys that could not be read.',
  'error.unreadable.project': 'The server sent a project that could not be read.',
  'error.unreadable.projects': 'The server sent a project list that could not be read.',
  'error.unreadable.profile': 'The server sent an answer the portal cannot read. Try again.',
}
