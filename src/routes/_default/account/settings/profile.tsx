import { createFileRoute } from '@tanstack/react-router'
import { ProfilePage } from '../../../../features/accounts/ProfilePage'

export const Route = createFileRoute('/_default/account/settings/profile')({ component: ProfilePage })
