import { fuzzEverySubject } from '../support/contract-fuzz'

// Every subject of the contract under hostile input, on PGlite (tests/support/contract-fuzz.ts).
fuzzEverySubject('pglite')
