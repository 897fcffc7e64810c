import type { Handlers } from '../../rpc/context'
import {
  createEndpoint,
  deleteEndpoint,
  listDeliveries,
  listEndpoints,
  resendDelivery,
  sendTest,
  updateEndpoint,
} from './endpoints.service'

export const webhooksHandlers: Pick<
  Handlers,
  | 'listWebhookEndpoints'
  | 'createWebhookEndpoint'
  | 'updateWebhookEndpoint'
  | 'deleteWebhookEndpoint'
  | 'listWebhookDeliveries'
  | 'resendWebhookDelivery'
  | 'sendTestWebhook'
> = {
  listWebhookEndpoints: async (_input, ctx) => ({
    endpoints: await listEndpoints(ctx.db, ctx.caller.user.id),
  }),
  createWebhookEndpoint: async (input, ctx) => createEndpoint(ctx, ctx.caller.user.id, input),
  updateWebhookEndpoint: async (input, ctx) => ({
    endpoint: await updateEndpoint(ctx.db, ctx.caller.user.id, input),
  }),
  deleteWebhookEndpoint: async ({ endpointId }, ctx) =>
    deleteEndpoint(ctx.db, ctx.caller.user.id, endpointId),
  listWebhookDeliveries: async (input, ctx) => listDeliveries(ctx.db, ctx.caller.user.id, input),
  resendWebhookDelivery: async ({ deliveryId }, ctx) => resendDelivery(ctx, ctx.caller.user.id, deliveryId),
  sendTestWebhook: async ({ endpointId }, ctx) => sendTest(ctx, ctx.caller.user.id, endpointId),
}
