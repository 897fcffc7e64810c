import { afterEach } from 'vitest'
import { takeTransactionGuardViolations } from '../../server/db/transaction-guard'

// Every integration test runs with the transaction guard on (openDatabase's default). A violation throws
// where it happens, but some callers catch and log errors (a mail that failed, a job retried later): so
// each test also fails on any violation seen while it ran.
afterEach(() => {
  const found = takeTransactionGuardViolations()
  if (found.length > 0)
    throw new Error(
      `The transaction guard found ${found.length} use(s) of the root database inside an open transaction:\n\n${found
        .map((error) => error.stack)
        .join('\n\n')}`,
    )
})
