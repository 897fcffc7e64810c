import { describe } from 'vitest'
import { fuzzEverySubject } from '../support/contract-fuzz'
import { databaseKinds } from '../support/db'

// Every subject of the contract under hostile input, on PostgreSQL when DATABASE_URL is set: a file of its
// own, so it runs beside the PGlite one (tests/support/contract-fuzz.ts).
describe.skipIf(!databaseKinds.includes('postgres'))('with DATABASE_URL', () => fuzzEverySubject('postgres'))
