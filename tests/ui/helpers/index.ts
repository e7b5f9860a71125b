export * from './render-screen'
export * from './elements'
export * from './store'
