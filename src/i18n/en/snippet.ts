/** English texts of <flex-snippet>'s bar (the first screen carries them). */
export const snippet = {
  'snippet.project': 'Project',
  'snippet.apiKey': 'API key',
  'snippet.copy': 'Copy',
  'snippet.placeholderCopied': 'Copied, with YOUR_API_KEY as a placeholder',
  'snippet.signedOut': 'Log in to fill in your keys',
  'snippet.placeholder': 'Create or roll a key to paste it here',
  /** The samples hold a test key (the one they use first, when the developer has one). */
  'snippet.testKey': 'A test key fills these samples',
}
