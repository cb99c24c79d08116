/**
 * The OpenAPI shapes of the two health answers (health.controller.ts), so that a generated client
 * types them: plain schemas, as these answers are not DTO classes.
 */

const STORE = {
  type: 'object',
  required: ['store', 'status'],
  properties: {
    store: { type: 'string', enum: ['sqlite', 'memory', 'eventstoredb'] },
    status: { type: 'string', enum: ['up', 'down'] },
  },
};

export const LIVENESS_SCHEMA = {
  type: 'object',
  required: ['status', 'store'],
  properties: {
    status: { type: 'string', enum: ['ok', 'degraded'], description: 'degraded: the store is down.' },
    store: STORE,
  },
};

export const READINESS_SCHEMA = {
  type: 'object',
  required: ['status', 'store', 'readModels'],
  properties: {
    status: { type: 'string', enum: ['ready', 'not ready'] },
    store: STORE,
    readModels: {
      type: 'array',
      items: {
        type: 'object',
        required: ['name', 'state', 'position', 'lag', 'failure'],
        properties: {
          name: { type: 'string' },
          state: { type: 'string', enum: ['catching up', 'live', 'failed', 'stopped'] },
          position: { type: 'integer', description: 'The last global position it has read.' },
          lag: { type: 'integer', nullable: true, description: 'Events behind the store’s head.' },
          failure: {
            type: 'object',
            nullable: true,
            description: 'Where it stopped and why (file paths cut out), when it is stuck at an event.',
            required: ['position', 'stream', 'type', 'error', 'since'],
            properties: {
              position: { type: 'integer' },
              stream: { type: 'string' },
              type: { type: 'string' },
              error: { type: 'string' },
              since: { type: 'string' },
            },
          },
        },
      },
    },
  },
};
