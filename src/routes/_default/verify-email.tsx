import { createFileRoute } from '@tanstack/react-router'
import { VerifyEmailPage } from '../../features/accounts/VerifyPages'

export const Route = createFileRoute('/_default/verify-email')({ component: VerifyEmailPage })
