import { RUNTIME_SETTINGS_ELEMENT_ID, type RuntimeSettings, scriptSafeJson } from '../../contract/runtime'
import type { Config } from '../env'
import { insertAt } from '../lib/html'

export function runtimeSettings(config: Config, buildId: string): RuntimeSettings {
  return {
    apiBase: config.apiBase,
    storageHost: config.storageHost,
    siteUrl: config.publicUrl,
    geoUrl: config.geoUrl,
    firebase: config.firebase,
    challengeSiteKey: config.challengeSiteKey,
    buildId,
  }
}

/** A page template with the runtime settings put in, so one build runs anywhere. */
export function withRuntimeSettings(template: string, settings: RuntimeSettings): string {
  const tag = `<script id="${RUNTIME_SETTINGS_ELEMENT_ID}" type="application/json">${scriptSafeJson(settings)}</script>`
  return template.includes('</head>') ? insertAt(template, '</head>', `${tag}\n</head>`) : tag + template
}
