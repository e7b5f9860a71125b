// What the accept route fetches: the accept screen (in the signed-in chunk, with the project page's team sections).
export { AcceptInvitation } from './AcceptInvitation'
