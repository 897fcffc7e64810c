import { createFileRoute } from '@tanstack/react-router'
import { MessagesPage } from '../../../features/admin/MessagesPage'

export const Route = createFileRoute('/_default/admin/messages')({ component: MessagesPage })
