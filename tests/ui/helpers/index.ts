export * from './render-screen'
export * from './elements'
export * from './fetch-stub'
export * from './store'
