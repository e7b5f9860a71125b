/** English texts of the copy buttons and fields (<flex-snippet>'s Copy is on the first screen). */
export const copy = {
  'copy.copy': 'Copy',
  'copy.copied': 'Successfully copied',
  'copy.failed': "Couldn't copy. Select the text and copy it manually.",
  'copy.manual': ({ label }: { label: string }) => `${label} (select and copy)`,
}
