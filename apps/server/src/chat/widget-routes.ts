import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/database';
import { loadChatConfig } from './config';
import { ringSound } from './ring';

/** The path of the chat's websocket. */
export const CHAT_WS_PATH = '/worker/ws';

/** What the widget loads before it connects (spec 3): its configuration, with the websocket's address, and the ring sound. */
export function chatWidgetRoutes(app: FastifyInstance, db: Db) {
  app.get('/worker/kefu.HttpIndex/index', { schema: { hide: true } }, async (request) => {
    const secure = request.protocol === 'https';
    const host = request.headers.host ?? 'localhost';
    const port = Number(host.split(':')[1] ?? (secure ? 443 : 80));
    // the cap on agents' conversations is the routing's, not the widget's
    const { agent_chat_cap: _routing, ...config } = await loadChatConfig(db);
    return {
      code: 200,
      msg: 'ok',
      data: {
        config: {
          ...config,
          ws_url: `${secure ? 'wss' : 'ws'}://${host}${CHAT_WS_PATH}`,
          wss_switch: secure ? 'yes' : 'no',
          websocket_port: port,
        },
      },
    };
  });
  app.get('/worker/kefu.HttpIndex/ring', { schema: { hide: true } }, async (_request, reply) =>
    reply.header('content-type', 'audio/wav').header('cache-control', 'public, max-age=86400').send(ringSound()),
  );
}
