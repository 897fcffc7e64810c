import { describe, expect, it } from 'vitest'
import { CONTACT_PAGE } from '../../../contract/contact-page'
import { suspended } from '../../../server/features/accounts/sessions'

const suspendedMessage = (reason: string | null) => suspended(reason).message

describe('what a suspended person reads when they sign in', () => {
  it('says the reason once, ends each sentence with one full stop, and names the contact page', () => {
    const said =
      'Your account is suspended: Selling copied photos. If you think this is a mistake, write to us through the contact page.'
    expect(suspendedMessage('Selling copied photos')).toBe(said)
    expect(suspendedMessage('Selling copied photos.')).toBe(said)
    expect(suspendedMessage('Selling copied photos. ')).toBe(said)
    expect(suspendedMessage(null)).toBe(
      'Your account is suspended. If you think this is a mistake, write to us through the contact page.',
    )
  })

  it('never says a path as text, nor ".."', () => {
    for (const reason of [null, 'Fraud.', 'Fraud..'])
      expect(suspendedMessage(reason)).not.toMatch(/\.\.|\/contact-us/)
    expect(suspendedMessage('Fraud')).toContain(CONTACT_PAGE.words)
  })
})
