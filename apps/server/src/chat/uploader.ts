import { PathInfo } from '@shop/contracts/chat-protocol';
import type { FastifyRequest } from 'fastify';
import { tokenOf } from '../http/auth';
import { AppError } from '../http/errors';
import { ChatRoleRefused, type ChatService } from './service';
import type { ChatUploader } from './uploads/service';

/** The header a tourist's upload carries its tourist token in. */
export const TOURIST_TOKEN_HEADER = 'tourist-token';

/**
 * Who is uploading a chat file, by the same rules as the websocket's initialize: a staff token is
 * an agent when its role may answer chats (403 otherwise, as the console is refused), a shopper
 * token is that shopper's tourist record, a tourist token alone is a guest.
 */
export function identifyChatUploader(chat: ChatService) {
  return async (request: FastifyRequest): Promise<ChatUploader> => {
    const token = tokenOf(request);
    const touristHeader = request.headers[TOURIST_TOKEN_HEADER];
    const touristToken = typeof touristHeader === 'string' ? touristHeader : undefined;
    if (token) {
      const asStaff = await chat
        .identify({ pathInfo: PathInfo.initialize, backend: true, baToken: token })
        // a staff member refused for their role is told so; any other token may still be a shopper's
        .catch((error: unknown) => {
          if (error instanceof ChatRoleRefused) throw error;
          return null;
        });
      if (asStaff) return { type: 'csr', id: asStaff.participant.id, guest: false };
      const asShopper = await chat.identify({ pathInfo: PathInfo.initialize, baUserToken: token, baTouristToken: touristToken });
      return { type: 'tourist', id: asShopper.participant.id, guest: false };
    }
    if (!touristToken) throw AppError.unauthorized();
    const tourist = await chat.touristByToken(touristToken);
    if (!tourist) throw AppError.unauthorized();
    return { type: 'tourist', id: tourist.id, guest: tourist.user_id === null };
  };
}
