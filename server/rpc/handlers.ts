import type { z } from 'zod'
import type { Contract, SubjectName, SubjectOutput } from '../../contract'
import type { PlatformSettings } from '../../contract/settings.contract'
import type { Db } from '../db/client'
import type { Config } from '../env'
import { accountsHandlers } from '../features/accounts/accounts.handlers'
import { avatarHandlers } from '../features/accounts/avatar.handlers'
import { firebaseHandlers } from '../features/accounts/firebase.handlers'
import { inviteHandlers } from '../features/accounts/invites.handlers'
import { phoneHandlers } from '../features/accounts/phone.handlers'
import { profileHandlers } from '../features/accounts/profile.handlers'
import type { Caller } from '../features/accounts/sessions'
import { verificationHandlers } from '../features/accounts/verification.handlers'
import { outboxHandlers } from '../features/admin/outbox.handlers'
import { catalogHandlers } from '../features/catalog/catalog.handlers'
import { checkoutHandlers } from '../features/checkout/checkout.handlers'
import { contactHandlers } from '../features/contact/contact.handlers'
import { settingsHandlers } from '../features/settings/settings.handlers'
import { transactionsHandlers } from '../features/transactions/transactions.handlers'
import type { Logger } from '../lib/log'
import type { Mailer } from '../mail/mailer'
import type { Gateway } from '../payments/gateway'
import type { Storage } from '../storage/storage'

/** What every handler gets besides its validated input. */
export interface RpcContext {
  db: Db
  config: Config
  platform: PlatformSettings
  /** The signed-in person; always set for subjects whose access is not `public`. */
  caller: Caller | null
  requestId: string
  log: Logger
  mailer: Mailer
  storage: Storage
  /** The payment adapters (real providers or the sandbox) and the signed callback addresses. */
  gateway: Gateway
  /** The caller's network address (X-Forwarded-For only when TRUST_PROXY is on). */
  ip: string
  userAgent: string | null
}

export type Handler<S extends SubjectName> = (
  input: z.output<Contract[S]['input']>,
  ctx: RpcContext,
) => Promise<SubjectOutput<S>>

/** One handler per subject of the contract: the type makes a missing one a compile error. */
export type Handlers = { [S in SubjectName]: Handler<S> }

export const handlers: Handlers = {
  ...accountsHandlers,
  ...profileHandlers,
  ...avatarHandlers,
  ...inviteHandlers,
  ...phoneHandlers,
  ...verificationHandlers,
  ...firebaseHandlers,
  ...outboxHandlers,
  ...settingsHandlers,
  ...contactHandlers,
  ...catalogHandlers,
  ...checkoutHandlers,
  ...transactionsHandlers,
}
