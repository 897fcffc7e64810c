import type { z } from 'zod'
import type { Contract, SubjectName, SubjectOutput } from '../../contract'
import type { Access } from '../../contract/rpc'
import type { PlatformSettings } from '../../contract/settings.contract'
import type { Db } from '../db/client'
import type { Config } from '../env'
import type { Caller } from '../features/accounts/sessions'
import type { TermsStore } from '../features/admin/terms'
import type { CheckoutLines } from '../features/checkout/checkout-line'
import type { OrderChanges } from '../features/checkout/order-changes'
import type { Logger } from '../lib/log'
import type { Mailer } from '../mail/mailer'
import type { Gateway } from '../payments/gateway'
import type { Sms } from '../sms/sms'
import type { Storage } from '../storage/storage'

/** What every handler gets besides its validated input. */
export interface RpcContext {
  db: Db
  config: Config
  platform: PlatformSettings
  /** The fees, hold and payout figures in force, which admins change at run time. */
  terms: TermsStore
  /** The signed-in person; always set for subjects whose access is not `public`. */
  caller: Caller | null
  requestId: string
  log: Logger
  mailer: Mailer
  /** Text messages, queued and sent by the job runner. */
  sms: Sms
  storage: Storage
  /** The payment adapters (real providers or the sandbox) and the signed callback addresses. */
  gateway: Gateway
  /** Wakes a buyer's page waiting on an order when a change to it is committed, through any instance. */
  orderChanges: OrderChanges
  /** Each product's checkout line on this instance (bounded; told "sold out" by the other instances). */
  checkoutLines: CheckoutLines
  /** The caller's network address: `clientAddress` (server/lib/client-address.ts). */
  ip: string
  /** The id the app keeps for this browser (X-Soko-Device, contract/device.ts); null when none valid came. */
  device: string | null
  userAgent: string | null
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
