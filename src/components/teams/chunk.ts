// What the accept route fetches: the accept screen (in the team chunk, with the project page's Members and Activity sections: lazy.ts).
export { AcceptInvitation } from './AcceptInvitation'
