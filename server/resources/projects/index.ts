/** What the app wires up of projects: the cache of each user's list, forgotten on every write to projects. */
export { changesProjects, projectLists, stopProjectLists } from './list-cache'
