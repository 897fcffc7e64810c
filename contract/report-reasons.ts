import { say } from './say'

// Apart from the catalog's constants, which every page loads: only the report form and the admin need these.

/** Why someone reports a product, as the report form offers it. */
export const REPORT_REASON_TEXT = {
  scam: say(/*i18n*/ { id: 'catalog.report.scam', message: 'A scam, or not as described' }),
  copyright: say(/*i18n*/ { id: 'catalog.report.copyright', message: 'Someone else’s work' }),
  offensive: say(/*i18n*/ { id: 'catalog.report.offensive', message: 'Offensive or hateful' }),
  prohibited: say(/*i18n*/ { id: 'catalog.report.prohibited', message: 'Not allowed on Soko' }),
  other: say(/*i18n*/ { id: 'catalog.report.other', message: 'Something else' }),
}
