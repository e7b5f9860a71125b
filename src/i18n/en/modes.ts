/**
 * English texts of the live/test filter, which the Requests and the Usage
 * sections both offer: in the project page's chunk, so neither section
 * brings the other's texts along.
 */
export const modes = {
  'requests.filter.mode': 'Mode',
  'requests.filter.allModes': 'Any mode',
  'requests.filter.live': 'Live keys',
  'requests.filter.test': 'Test keys',
}
