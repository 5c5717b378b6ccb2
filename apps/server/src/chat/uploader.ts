import { PathInfo } from '@shop/contracts/chat-protocol';
import type { FastifyRequest } from 'fastify';
import { tokenOf } from '../http/auth';
import { AppError } from '../http/errors';
import type { ChatService } from './service';
import type { ChatUploader } from './uploads/service';

/** The header a tourist's upload carries its tourist token in. */
export const TOURIST_TOKEN_HEADER = 'tourist-token';

/**
 * Who is uploading a chat file, by the same rules as the websocket's initialize: a staff token is
 * an agent, a shopper token is that shopper's tourist record, a tourist token alone is a guest.
 */
export function identifyChatUploader(chat: ChatService) {
  return async (request: FastifyRequest): Promise<ChatUploader> => {
    const token = tokenOf(request);
    const touristHeader = request.headers[TOURIST_TOKEN_HEADER];
    const touristToken = typeof touristHeader === 'string' ? touristHeader : undefined;
    if (token) {
      const asStaff = await chat.identify({ pathInfo: PathInfo.initialize, backend: true, baToken: token }).catch(() => null);
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
