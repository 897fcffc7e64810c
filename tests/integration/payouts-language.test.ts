import { randomUUID } from 'node:crypto'
import { eq, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { payouts, users } from '../../server/db/schema'
import { databaseKinds } from '../support/db'
import { data, payoutSuite } from '../support/payouts'

/**
 * What Soko writes on a payout (its timeline, why it failed) is stored with its message id: its seller
 * reads it in the language they call in, and the English stays as it was written.
 */
describe.each(databaseKinds)('a payout in its reader’s language on %s', (kind) => {
  const suite = payoutSuite(kind)

  const read = async (payoutId: string, token: string, lang: 'en' | 'sw') => {
    const answer = await suite.app.rpc(
      { subject: 'getPayout', payoutId },
      { authorization: `Bearer ${token}`, 'content-language': lang },
    )
    expect(answer.status, JSON.stringify(answer.body)).toBe(200)
    return data(answer).payout
  }

  /** The texts of a payout's steps, their spaces (no-break in money and phone numbers) plain. */
  const texts = (payout: { timeline: { text: string }[] }) =>
    payout.timeline.map((s) => s.text.replace(/[\u00a0\u202f]/g, ' '))

  const ask = async (token: string, methodId: string) =>
    data(
      await suite.app.call(
        'requestPayout',
        { requestKey: randomUUID(), currency: 'KES', amount: 2_000_00, methodId, speed: 'standard' },
        token,
      ),
    ).payout

  it('a cancelled payout: its steps in Kiswahili, and in English as they were', async () => {
    const seller = await suite.steps.sellerWithSale('wanjiru')
    const methodId = await suite.steps.mpesaDestination(seller.token, '0712345091')
    const asked = await ask(seller.token, methodId)
    expect(asked.status).toBe('approval')
    expect((await suite.app.call('cancelPayout', { payoutId: asked.id }, seller.token)).status).toBe(200)

    const english = await read(asked.id, seller.token, 'en')
    expect(texts(english)).toEqual([
      'Asked: KES 2,000.00 to M-Pesa +254 712 345 091',
      'Your first payout: the Soko team approves it first, usually within a working day.',
      'Cancelled by you: the money is back in your available balance.',
    ])
    const swahili = await read(asked.id, seller.token, 'sw')
    expect(texts(swahili)).toEqual([
      expect.stringMatching(/^Imeombwa: .*2,000\.00 kwenda M-Pesa \+254 712 345 091$/),
      'Utoaji wako wa kwanza wa pesa: timu ya Soko inauidhinisha kwanza, kwa kawaida ndani ya siku moja ya kazi.',
      'Umeughairi: pesa zimerudi kwenye salio lako linalopatikana.',
    ])
    // The default (no Content-Language) is English, byte for byte.
    expect(data(await suite.app.call('getPayout', { payoutId: asked.id }, seller.token)).payout).toEqual(
      english,
    )
  })

  it('a payout the Soko team did not approve: why, in Kiswahili, with the reason as the admin wrote it', async () => {
    const seller = await suite.steps.sellerWithSale('kamau')
    const methodId = await suite.steps.mpesaDestination(seller.token, '0712345092')
    const asked = await ask(seller.token, methodId)
    const reason = 'Please confirm this amount with us by e-mail first.'
    const rejected = await suite.app.call(
      'reviewPayout',
      { payoutId: asked.id, approve: false, reason },
      suite.admin,
    )
    expect(rejected.status, JSON.stringify(rejected.body)).toBe(200)

    const english = await read(asked.id, seller.token, 'en')
    expect(english.failure).toMatchObject({
      title: 'Not approved',
      text: `The Soko team’s reason: ${reason} The money is back in your available balance.`,
    })
    expect(english.timeline.at(-1).text).toBe(
      `Not approved by the Soko team: ${reason} The money is back in your available balance.`,
    )
    const swahili = await read(asked.id, seller.token, 'sw')
    expect(swahili.failure).toMatchObject({
      title: 'Haukuidhinishwa',
      text: `Sababu ya timu ya Soko: ${reason} Pesa zimerudi kwenye salio lako linalopatikana.`,
    })
    expect(swahili.timeline.at(-1).text).toBe(
      `Haukuidhinishwa na timu ya Soko: ${reason} Pesa zimerudi kwenye salio lako linalopatikana.`,
    )
  })

  it('a bank transfer that failed: Soko’s words in Kiswahili around the reason the admin wrote', async () => {
    const seller = await suite.steps.sellerWithSale('achieng')
    const added = await suite.app.call(
      'addPayoutMethod',
      {
        method: {
          kind: 'bank',
          accountName: 'Achieng Studio',
          accountNumber: '0123456780',
          bankName: 'Equity Bank',
          currency: 'KES',
        },
      },
      seller.token,
    )
    const asked = await ask(seller.token, data(added).method.id)
    await suite.app.call('reviewPayout', { payoutId: asked.id, approve: true }, suite.admin)
    await suite.app.database.db
      .update(payouts)
      .set({ dueAt: new Date(Date.now() - 1000) })
      .where(eq(payouts.id, asked.id))
    const { sendDue } = await import('../../server/features/payouts/schedule')
    await sendDue(suite.app.services, new Date())
    const reason = 'Equity Bank has no account 0123456780.'
    const marked = await suite.app.call(
      'markBankPayout',
      { payoutId: asked.id, outcome: 'failed', reason },
      suite.admin,
    )
    expect(marked.status, JSON.stringify(marked.body)).toBe(200)

    const english = await read(asked.id, seller.token, 'en')
    expect(english.failure).toMatchObject({
      title: 'The bank transfer failed',
      text: `${reason} Check the bank account details, then withdraw again.`,
    })
    expect(texts(english).slice(2)).toEqual([
      'Approved by the Soko team',
      'Sent with your scheduled payouts',
      'Waiting for the Soko team to make the bank transfer (1–3 working days)',
      'The bank transfer failed. The money is back in your available balance.',
    ])
    const swahili = await read(asked.id, seller.token, 'sw')
    expect(swahili.failure).toMatchObject({
      title: 'Uhamisho wa benki haukufaulu',
      text: `${reason} Angalia maelezo ya akaunti ya benki, kisha toa pesa tena.`,
    })
    expect(texts(swahili).slice(2)).toEqual([
      'Umeidhinishwa na timu ya Soko',
      'Umetumwa pamoja na utoaji wako wa pesa uliopangwa',
      'Inasubiri timu ya Soko ifanye uhamisho wa benki (siku 1–3 za kazi)',
      'Uhamisho wa benki haukufaulu. Pesa zimerudi kwenye salio lako linalopatikana.',
    ])
  })

  it('a payout M-Pesa refused by its code: the seller whose language is Kiswahili reads why in it', async () => {
    const seller = await suite.steps.sellerWithSale('mutua')
    await suite.app.database.db
      .update(users)
      .set({ settings: sql`${users.settings} || '{"language":"sw"}'::jsonb` })
      .where(eq(users.id, seller.id))
    // The sandbox's number that M-Pesa answers with 2040: not registered.
    const methodId = await suite.steps.mpesaDestination(seller.token, '0700000701')
    const id = await suite.steps.approvedPayout(seller.token, methodId)

    const english = await read(id, seller.token, 'en')
    expect(english.failure).toMatchObject({
      code: '2040',
      title: 'Number not registered on M-Pesa',
      text: expect.stringMatching(/^This phone number has no M-Pesa account .* then withdraw again\.$/),
    })
    expect(english.timeline.at(-1).text).toBe(
      'Number not registered on M-Pesa. The money is back in your available balance.',
    )
    const swahili = await read(id, seller.token, 'sw')
    expect(swahili.failure).toMatchObject({
      code: '2040',
      action: 'fix-destination',
      title: 'Namba haijasajiliwa kwenye M-Pesa',
      text: expect.stringMatching(/^Namba hii ya simu haina akaunti ya M-Pesa .* kisha toa pesa tena\.$/),
    })
    expect(swahili.timeline.at(-1).text).toBe(
      'Namba haijasajiliwa kwenye M-Pesa. Pesa zimerudi kwenye salio lako linalopatikana.',
    )
  })
})
