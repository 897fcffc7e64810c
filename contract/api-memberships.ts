import type { ApiEndpoint } from './api-endpoint'

/**
 * The seller API's membership endpoints: a membership is a product (made and changed in /products), its
 * members and what they bring in, and its posts. Each renewal is an order (in /orders, kind `membership`).
 */
export const MEMBERSHIP_ENDPOINTS: readonly ApiEndpoint[] = [
  {
    operationId: 'getMembers',
    method: 'get',
    path: '/memberships/{productId}/members',
    subject: 'getMembersOverview',
    area: 'customers',
    title: /*i18n*/ {
      id: 'api.op.getMembers',
      message: 'A membership’s members, MRR and monthly joins and losses',
    },
    params: { productId: 'productId' },
  },
  {
    operationId: 'listMembershipPosts',
    method: 'get',
    path: '/memberships/{productId}/posts',
    subject: 'listMembershipPosts',
    area: 'products',
    title: /*i18n*/ { id: 'api.op.listMembershipPosts', message: 'List a membership’s posts' },
    params: { productId: 'productId' },
    one: 'posts',
  },
  {
    operationId: 'createMembershipPost',
    method: 'post',
    path: '/membership-posts',
    subject: 'saveMembershipPost',
    area: 'products',
    title: /*i18n*/ {
      id: 'api.op.createMembershipPost',
      message: 'Write a post for members (publish to mail it)',
    },
    omit: ['id'],
    one: 'post',
  },
  {
    operationId: 'replaceMembershipPost',
    method: 'post',
    path: '/membership-posts/{id}',
    subject: 'saveMembershipPost',
    area: 'products',
    title: /*i18n*/ { id: 'api.op.replaceMembershipPost', message: 'Change a post for members' },
    params: { id: 'id' },
    one: 'post',
  },
  {
    operationId: 'deleteMembershipPost',
    method: 'delete',
    path: '/membership-posts/{id}',
    subject: 'deleteMembershipPost',
    area: 'products',
    title: /*i18n*/ { id: 'api.op.deleteMembershipPost', message: 'Delete a post for members' },
    params: { id: 'id' },
  },
]
