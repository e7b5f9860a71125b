/** English texts of the removal dialog (its own chunk with the dialog): what goes with a member who is removed or leaves. */
export const removal = {
  'removal.intro': ({ name }: { name: string }) =>
    `${name} saw the full text of these API keys or added these webhook endpoints. Unless you keep them, they stop working now.`,
  'leave.intro': 'You saw the full text of these API keys or added these webhook endpoints. By default, they stop working when you leave.',
  'removal.loading': 'Looking up API keys and webhook endpoints…',
  'removal.failed':
    'The API keys and webhook endpoints that go with this member could not be listed. All the same, keys whose full text they saw stop working, and endpoints they added are disabled.',
  'removal.none': 'No working API key or webhook endpoint goes with this member: nothing else changes.',
  'removal.endpoints': 'Webhook endpoints',
  'removal.revoke': 'Revoke',
  'removal.disable': 'Disable',
  'removal.keep': 'Keep',
  'removal.ends': 'Stops working',
  'removal.choice': ({ name }: { name: string }) => `What happens to ${name}`,
}
