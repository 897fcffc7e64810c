import type { MutationSubject, QuerySubject, SubjectName } from '.'

/**
 * Which subjects only read, without the schemas: the browser may retry these, and importing the contract's
 * zod schemas to know it would put all of them in the first load. A query's name says so (getX, listX,
 * findX, quoteX, adminListX), and the few mutations named like one (they count or limit what they give)
 * are listed; the types below keep the rule and the contract the same: a query named otherwise, or a
 * mutation named like a query and not listed, does not compile.
 */
const QUERY_NAME = /^(get|list|find|quote|adminList)[A-Z]/

type QueryName = `${'get' | 'list' | 'find' | 'quote' | 'adminList'}${string}`

/** Mutations whose names read like a query's. */
const LOOKALIKES = ['getDownloadUrl', 'findPayInvoice'] as const satisfies readonly Extract<
  MutationSubject,
  QueryName
>[]

// Every query is named as one…
const queriesNamed: [Exclude<QuerySubject, QueryName>] extends [never] ? true : never = true
// …and every mutation named like one is listed.
const lookalikesListed: [Exclude<Extract<MutationSubject, QueryName>, (typeof LOOKALIKES)[number]>] extends [
  never,
]
  ? true
  : never = true
void queriesNamed
void lookalikesListed

export function isQuery(subject: SubjectName): boolean {
  return QUERY_NAME.test(subject) && !(LOOKALIKES as readonly string[]).includes(subject)
}
