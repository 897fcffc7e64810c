import type { z } from 'zod'
import type { Contract, SubjectName, SubjectOutput } from '../../contract'
import type { Lang } from '../../contract/i18n'
import type { Access } from '../../contract/rpc'
import type { Caller } from '../lib/caller'
import type { AppServices } from '../services'

/** What every handler gets besides its validated input: the app's services, and who is asking how. */
export interface RpcContext extends AppServices {
  /** The signed-in person; always set for subjects whose access is not `public`. */
  caller: Caller | null
  requestId: string
  /** The caller's network address: `clientAddress` (server/lib/client-address.ts). */
  ip: string
  /** The id the app keeps for this browser (X-Soko-Device, contract/device.ts); null when none valid came. */
  device: string | null
  userAgent: string | null
  /** The caller's language (the app's Content-Language), for what is written to them later. */
  lang: Lang
  /** Aborted when the caller goes away before the answer (for subjects that wait). */
  signal?: AbortSignal
}

/** The context of a subject of this access level: a caller, except for public subjects. */
export type ContextFor<A extends Access> = Omit<RpcContext, 'caller'> & {
  caller: A extends 'public' ? Caller | null : Caller
}

export type Handler<S extends SubjectName> = (
  input: z.output<Contract[S]['input']>,
  ctx: ContextFor<Contract[S]['access']>,
) => Promise<SubjectOutput<S>>

/** One handler per subject of the contract: the type makes a missing one a compile error. */
export type Handlers = { [S in SubjectName]: Handler<S> }
