/**
 * English texts every element may show (the first screen carries them): the
 * banners' buttons, the panels of a screen not there yet, the signed-out notice.
 */
export const common = {
  'common.retry': 'Retry',
  'common.dismiss': 'Dismiss',
  'common.close': 'Close',
  'common.tryAgain': 'Try again',
  'common.checkConnection': 'Check your connection, then try again.',
  'common.loading': 'Loading…',
  'common.chunkFailed': 'This part of the portal could not be loaded.',
  'common.backToDashboard': 'Back to Dashboard',
  'common.signedOut': 'Log in to see your projects.',
}
