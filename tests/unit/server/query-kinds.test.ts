import { describe, expect, it } from 'vitest'
import { contract, type SubjectName } from '../../../contract'
import { isQuery } from '../../../contract/kinds'

describe('which subjects only read', () => {
  it('is told by name exactly as the contract says, for every subject', () => {
    const wrong = (Object.keys(contract) as SubjectName[]).filter(
      (name) => isQuery(name) !== (contract[name].kind === 'query'),
    )
    expect(wrong).toEqual([])
  })
})
