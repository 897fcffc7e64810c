import { createFileRoute } from '@tanstack/react-router'
import { SetPasswordPage } from '../../../features/accounts/ResetPages'

export const Route = createFileRoute('/_default/reset/$id')({ component: SetPasswordPage })
