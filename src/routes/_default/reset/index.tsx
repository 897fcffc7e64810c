import { createFileRoute } from '@tanstack/react-router'
import { RequestResetPage } from '../../../features/accounts/ResetPages'

export const Route = createFileRoute('/_default/reset/')({ component: RequestResetPage })
