import { fuzzEverySubject } from '../support/contract-fuzz'
import { fuzzEveryHook } from '../support/hook-fuzz'

// Every subject of the contract under hostile input, on PGlite (tests/support/contract-fuzz.ts), and every
// hook under /hooks, signed, with hostile ids (tests/support/hook-fuzz.ts).
fuzzEverySubject('pglite')
fuzzEveryHook('pglite')
