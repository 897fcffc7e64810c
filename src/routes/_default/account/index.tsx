import { createFileRoute } from '@tanstack/react-router'
import { AccountHome } from '../../../features/accounts/AccountHome'

export const Route = createFileRoute('/_default/account/')({ component: AccountHome })
