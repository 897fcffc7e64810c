import { BaseSequencer, type TestSpecification } from 'vitest/node'

/**
 * The integration files that take longest (20–60 s each on two cores, measured), longest first. Two files
 * run at a time: started last, one of these would run alone at the end while the other core waits.
 * Vitest orders by the durations it remembers, but a clean checkout (CI) has none and it falls back to file
 * size, which put the PostgreSQL fuzz — a three-line file, 30 s — last.
 */
export const SLOW_FILES = [
  'contract-fuzz.test.ts',
  'cluster.test.ts',
  'payouts-crash.test.ts',
  'lifecycle.test.ts',
  'contract-fuzz-postgres.test.ts',
  'invoices.test.ts',
  'checkout-crowd.test.ts',
  'checkout-instances.test.ts',
  'jobs-instances.test.ts',
  'unresponsive-database.test.ts',
  'accounts.test.ts',
  'seed.test.ts',
  'dev-loop.test.ts',
  'firebase.test.ts',
]

/** Vitest's order, but with the known slow files first within their project. */
export default class SlowFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files)
    const projects = [...new Set(sorted.map((file) => file.project.name))]
    const rank = (file: TestSpecification) => {
      const index = SLOW_FILES.indexOf(file.moduleId.split('/').at(-1) ?? '')
      return index === -1 ? SLOW_FILES.length : index
    }
    return sorted
      .map((file, position) => ({ file, position }))
      .sort(
        (a, b) =>
          projects.indexOf(a.file.project.name) - projects.indexOf(b.file.project.name) ||
          rank(a.file) - rank(b.file) ||
          a.position - b.position,
      )
      .map(({ file }) => file)
  }
}
