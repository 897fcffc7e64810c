import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useNavigate } from '@tanstack/react-router'
import { useState } from 'react'
import { Field, FormMessage, useSubmit } from '../../components/Form'
import { rpc } from '../../lib/rpc'
import { usePageTitle } from '../../lib/title'
import { PayFrame } from './PayFrame'

/** The same words whichever of the two is wrong: nothing here tells a stranger that an invoice exists. */
export const NOT_FOUND = msg`No invoice matches that number and contact. Check both against the e-mail or SMS the invoice came in, or ask the seller for its link.`

/**
 * /p with no invoice named: a client who has lost the link finds their invoice by its number and the
 * e-mail address or phone number it was sent to, and it opens. The server answers the link only when both
 * match one sent invoice.
 */
export function FindInvoice() {
  const { t } = useLingui()
  usePageTitle(t`Find your invoice`)
  const navigate = useNavigate()
  const [missing, setMissing] = useState(false)
  const { busy, message, errors, onSubmit } = useSubmit(async (data) => {
    setMissing(false)
    const { link } = await rpc('findPayInvoice', {
      number: String(data.get('number') ?? ''),
      contact: String(data.get('contact') ?? ''),
    })
    if (!link) {
      setMissing(true)
      return
    }
    const search = new URL(link, location.origin).searchParams
    await navigate({
      to: '/p',
      search: { invoice: search.get('invoice') ?? '', key: search.get('key') ?? '' },
    })
  })
  return (
    <PayFrame seller={null}>
      <section className="invoice-pay find-invoice" aria-labelledby="find-invoice-heading">
        <h1 id="find-invoice-heading">
          <Trans>Find your invoice</Trans>
        </h1>
        <p className="lead">
          <Trans>
            Lost the link? Give the invoice’s number and the e-mail address or phone number it was sent to.
          </Trans>
        </p>
        <form className="form" noValidate onSubmit={(e) => void onSubmit(e)}>
          <FormMessage message={message} />
          {missing ? (
            <p className="form-message form-message-error" role="alert" tabIndex={-1}>
              {t(NOT_FOUND)}
            </p>
          ) : null}
          <Field
            label={t`Invoice number`}
            name="number"
            errors={errors}
            hint={t`As the invoice shows it, such as INV-0001.`}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={40}
            required
          />
          <Field
            label={t`E-mail or phone`}
            name="contact"
            errors={errors}
            hint={t`Where the invoice was sent.`}
            autoComplete="email"
            inputMode="email"
            spellCheck={false}
            maxLength={254}
            required
          />
          <button type="submit" className="button" disabled={busy} aria-busy={busy}>
            {busy ? t`One moment…` : t`Find invoice`}
          </button>
        </form>
      </section>
    </PayFrame>
  )
}
