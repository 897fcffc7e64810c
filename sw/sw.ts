/// <reference lib="webworker" />
import { clientsClaim } from 'workbox-core'
import { registerAssets } from './assets'
import { registerLibrary } from './downloads/library'
import { registerImages } from './images'
import { registerNavigation } from './navigation'
import { registerPayloads } from './payloads'
import { registerPrecache } from './precache'
import { onMessage } from './updates'

declare const self: ServiceWorkerGlobalScope

// Wiring only: each module registers its own routes and handlers. The first route that matches answers.
registerPayloads()
registerPrecache(self.__WB_MANIFEST)
registerNavigation()
registerImages()
registerAssets()
registerLibrary()
self.addEventListener('message', onMessage)
clientsClaim()
