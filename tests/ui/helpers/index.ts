export * from './render-screen'
export * from './elements'
export * from './api-mock'
export * from './store'
