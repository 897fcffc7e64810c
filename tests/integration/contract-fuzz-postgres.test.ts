import { describe } from 'vitest'
import { fuzzEverySubject } from '../support/contract-fuzz'
import { databaseKinds } from '../support/db'
import { fuzzEveryHook } from '../support/hook-fuzz'

// Every subject of the contract under hostile input, and every hook with hostile ids, on PostgreSQL when
// DATABASE_URL is set: a file of its own, so it runs beside the PGlite one (tests/support/contract-fuzz.ts,
// tests/support/hook-fuzz.ts).
describe.skipIf(!databaseKinds.includes('postgres'))('with DATABASE_URL', () => {
  fuzzEverySubject('postgres')
  fuzzEveryHook('postgres')
})
