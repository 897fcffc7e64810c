interface ImportMetaEnv {
  /** The id of the build this code belongs to (vite.config.ts), `dev` under the dev server. */
  readonly SOKO_BUILD_ID: string
}

/** A Lingui catalog, compiled by the build (@lingui/vite-plugin). */
declare module '*.po' {
  import type { Messages } from './lib/i18n-runtime'
  export const messages: Messages
}
