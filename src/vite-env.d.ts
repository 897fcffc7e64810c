interface ImportMetaEnv {
  /** The id of the build this code belongs to (vite.config.ts), `dev` under the dev server. */
  readonly SOKO_BUILD_ID: string
}
