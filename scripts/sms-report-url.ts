// `npm run sms:report-url`: prints the address Africa's Talking must post delivery reports to. It carries
// a secret (made from HOOKS_SECRET, or the storage signing secret in DATA_DIR), so it is printed on demand
// for the operator to paste into the provider's dashboard, never logged by the server.
import { loadConfig } from '../server/env'
import { createSigner } from '../server/payments/links'
import { smsReportUrl } from '../server/sms/sms.routes'

const config = loadConfig()
console.log(smsReportUrl(config.publicUrl, createSigner(config)))
