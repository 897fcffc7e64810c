import type { SubjectName } from '.'
import type { ApiArea } from './developers.constants'
import type { Message } from './i18n'

/** One endpoint of the seller API (/api/v1), as the table in api.ts lists them. */

export type ApiMethod = 'get' | 'post' | 'patch' | 'delete'

export interface ApiEndpoint {
  /** Stable: OpenAPI's operationId, and the action's name in the seller's activity. */
  operationId: string
  method: ApiMethod
  /** Under /api/v1, with `{name}` for a path parameter. */
  path: string
  subject: SubjectName
  /** The scope it needs: its area, and read (GET) or write (anything else). */
  area: ApiArea
  /** What it does, in a few words: the reference's heading, and the activity's line. */
  title: Message
  /** Each path parameter and the subject's input field it fills. */
  params?: Record<string, string>
  /** The subject's input fields the API does not take (the app's own). */
  omit?: readonly string[]
  /** Inputs the API sets when the request does not (a page of 20, where the app takes all). */
  defaults?: Record<string, unknown>
  /**
   * How the subject's answer is given: `list` names its array (answered as `data` with `nextCursor`), `one`
   * its object (answered as `data`); without either, the answer as a whole is `data`.
   */
  list?: string
  one?: string
}
