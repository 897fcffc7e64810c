import { createFileRoute } from '@tanstack/react-router'
import { ConfirmEmailPage } from '../../../features/accounts/VerifyPages'

export const Route = createFileRoute('/_default/verify/account/$token')({ component: ConfirmEmailPage })
