import { AsyncLocalStorage } from 'node:async_hooks'

/**
 * The transaction guard, on in development and tests: a use of the root database while a transaction
 * begun by the same call (the same async context) is still open throws at once, naming where the
 * transaction began and where the root database was used.
 *
 * Why: PGlite has one connection. A query on the root database queues behind the transaction, which is
 * waiting for that query: the call never ends, and every request after it queues too (the whole instance
 * stops answering). On PostgreSQL the same code takes a second connection and waits on the rows the
 * transaction has locked, or sees the data as it was before the transaction: a lock wait or a wrong read.
 * Either way the fix is the same: pass the transaction down.
 *
 * The guard knows whether the transaction is still open: work started inside a transaction's callback
 * (a mail sent once it commits, say) keeps the callback's context after the commit, and may use the
 * root database then.
 */

interface OpenTransaction {
  open: boolean
  /** Where the transaction began: its stack, formatted only when reported. */
  begun: Error
}

const context = new AsyncLocalStorage<OpenTransaction>()

export class TransactionGuardError extends Error {
  override name = 'TransactionGuardError'
}

/** Every violation seen by this process, for test harnesses that fail on any (some callers swallow errors). */
const seen: TransactionGuardError[] = []

/** The violations since the last call, emptied. */
export function takeTransactionGuardViolations(): TransactionGuardError[] {
  return seen.splice(0)
}

/** The query builders a caller starts on the root database (their creation is checked, for the call site). */
const BUILDERS = [
  'select',
  'selectDistinct',
  'selectDistinctOn',
  'insert',
  'update',
  'delete',
  'execute',
  '$count',
  'refreshMaterializedView',
] as const

/** This module's own frames, by their functions' names (the server's bundle is one file). */
const OWN_FRAME = /\bat (\S+\.)?(guardViolation|guardCheck|guardedBuilder|guardedPrepare|guardedTransaction) /

/** The caller's frames: the stack without this module's own lines. */
function callerFrames(error: Error): string {
  return (error.stack ?? '')
    .split('\n')
    .slice(1)
    .filter((line) => !OWN_FRAME.test(line))
    .slice(0, 8)
    .join('\n')
}

function guardViolation(what: string, open: OpenTransaction, onViolation?: (error: Error) => void): never {
  const error = new TransactionGuardError(
    `${what} on the root database while a transaction of the same call is still open. On PGlite (one ` +
      'connection) this waits for ever and stops the whole instance; on PostgreSQL it waits on the ' +
      "transaction's own locks or reads around it. Use the transaction (tx) instead, or do it after the " +
      'transaction has ended.',
  )
  error.stack = `${error.name}: ${error.message}\n  used at:\n${callerFrames(error)}\n  transaction begun at:\n${callerFrames(open.begun)}`
  seen.push(error)
  onViolation?.(error)
  throw error
}

/**
 * Turns the guard on for this database (in place): its query builders, its session (every query it runs)
 * and its transactions check the calling context first.
 */
export function guardTransactions<Db extends { transaction: (...args: never[]) => Promise<unknown> }>(
  db: Db,
  onViolation?: (error: Error) => void,
): Db {
  function guardCheck(what: string) {
    const open = context.getStore()
    if (open?.open) guardViolation(what, open, onViolation)
  }
  const target = db as unknown as Record<string, (...args: unknown[]) => unknown>
  for (const name of BUILDERS) {
    const original = target[name]
    if (typeof original !== 'function') continue
    target[name] = function guardedBuilder(this: unknown, ...args: unknown[]) {
      guardCheck(`db.${name}()`)
      return original.apply(db, args)
    }
  }
  // Every query of the root database goes through its session, builders made elsewhere included.
  const session = (db as unknown as { session: Record<string, (...args: unknown[]) => unknown> }).session
  const prepareQuery = session.prepareQuery
  if (typeof prepareQuery !== 'function') throw new Error('drizzle session without prepareQuery')
  session.prepareQuery = function guardedPrepare(this: unknown, ...args: unknown[]) {
    guardCheck('A query')
    return prepareQuery.apply(session, args)
  }
  const transaction = target.transaction as (...args: unknown[]) => Promise<unknown>
  target.transaction = function guardedTransaction(...args: unknown[]) {
    guardCheck('db.transaction()')
    const open: OpenTransaction = { open: true, begun: new Error('transaction begun') }
    return context.run(open, () =>
      transaction.apply(db, args).finally(() => {
        open.open = false
      }),
    )
  }
  return db
}
