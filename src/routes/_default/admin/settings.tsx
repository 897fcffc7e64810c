import { createFileRoute } from '@tanstack/react-router'
import { SettingsPage } from '../../../features/admin/SettingsPage'

export const Route = createFileRoute('/_default/admin/settings')({ component: SettingsPage })
