import { createFileRoute } from '@tanstack/react-router'
import { SettingsPage } from '../../../../features/accounts/SettingsPage'

export const Route = createFileRoute('/_default/account/settings/')({ component: SettingsPage })
