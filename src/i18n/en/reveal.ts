/** English texts of the dialogs that show a whole key once, and of the copy control beside an id. */
export const reveal = {
  'reveal.oneTimeWarning': 'Copy the API key. This is the only time you will be able to see it!',
  'reveal.copyAsEnv': 'Copy as .env',
  'reveal.copy': 'Copy',
  'reveal.copyProjectId': 'Copy Project ID',
  /** After the spec's warning, when the dialog also shows a webhook secret. */
  'reveal.secretToo': 'The same goes for the webhook secret.',
}
