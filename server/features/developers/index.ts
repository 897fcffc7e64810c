/**
 * The seller API's keys: made with scopes and shown once, listed, revoked; the seller a key acts for; and
 * what keys changed (the seller's activity). Offers its RPC handlers.
 */

export { developersHandlers } from './developers.handlers'
export { findKeyCaller, type KeyCaller, recordActivity } from './keys.service'
