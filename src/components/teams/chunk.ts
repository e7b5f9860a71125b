// The team screens, one chunk: the project page's sections and the accept route share their texts and calls.
export { AcceptInvitation } from './AcceptInvitation'
export { TeamSections } from './TeamSections'
