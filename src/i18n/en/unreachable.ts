/** English of the widget's diagnosis of a call with no answer (api/unreachable.ts, a chunk of its own). */
export const unreachable = {
  'error.cors': "Can't reach the server. This page's address is not allowed by the API (CORS).",
}
