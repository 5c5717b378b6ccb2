import { ChatTexts, type TChatStatus, type TChatUser, type ZInitializeFrame } from '@shop/contracts/chat-protocol';
import { isStaffRole, type Permission, roleMay, type StaffRoleName } from '@shop/contracts/permissions';
import type { z } from 'zod';
import { AppError } from '../http/errors';
import type { ChatContext } from './context';
import { signTouristToken, type TouristClaims, verifyTouristToken } from './identity';
import type { Participant } from './participants';

type InitializeFrame = z.infer<typeof ZInitializeFrame>;

/** Who a connection is, as initialize tells: the participant, an agent's role, and the sign-in session it rests on. */
export type Identified = { participant: Participant; role: StaffRoleName | null; user: TChatUser; authSession: string | null };

/**
 * A chat identity whose sign-in session has ended (decision 0013): a shopper's tourist token after
 * logout. The connection is told `session_ended`, so the client stops using the token.
 */
export class ChatSessionEnded extends AppError {
  constructor() {
    super('unauthorized', ChatTexts.signedOut);
  }
}

/** What a staff member's role must allow for them to be an agent: the console's websocket and chat uploads. */
export const CHAT_AGENT_PERMISSION: Permission = 'chat.answer';

/**
 * A staff token whose role does not allow answering chats (a shop operator's): refused at
 * identification, so neither the console nor a chat upload is open to it (decision 0019).
 */
export class ChatRoleRefused extends AppError {
  constructor() {
    super('forbidden', `Your role does not allow answering chats (it needs ${CHAT_AGENT_PERMISSION})`);
  }
}

/** Who is on a chat connection, from the tokens it brings: an agent, a shopper or a visitor (spec 7 initialize). */
export function chatIdentities(ctx: ChatContext) {
  const { db, auth, store, now } = ctx;
  const { signingKey } = ctx.deps;

  /**
   * Whether a tourist token still names this tourist: always for a visitor without an account;
   * for a shopper's record only while the sign-in session the token was given in lives.
   */
  async function tokenHolds(claims: TouristClaims, tourist: { user_id: number | null }) {
    if (tourist.user_id === null) return true;
    return claims.sessionId !== null && (await auth.sessionAlive(claims.sessionId, 'user', tourist.user_id));
  }

  /** A staff token: an agent when their role may answer chats. */
  async function identifyAgent(baToken: string | undefined): Promise<Identified> {
    const principal = await auth.authenticate(baToken, 'staff');
    const staff = await db
      .selectFrom('staff')
      .select(['id', 'nickname', 'avatar', 'status', 'role', 'active'])
      .where('id', '=', principal.subjectId)
      .executeTakeFirst();
    // As the staff routes' guard: one gone, deactivated or of an unknown role is nobody (401);
    // a role without the permission is refused (403).
    if (staff?.active !== 1 || !isStaffRole(staff.role)) throw AppError.unauthorized();
    if (!roleMay(staff.role, CHAT_AGENT_PERMISSION)) throw new ChatRoleRefused();
    return {
      authSession: principal.sessionId,
      participant: { type: 'csr', id: staff.id },
      role: staff.role,
      user: {
        id: staff.id,
        identity: 'csr',
        nickname: staff.nickname,
        avatar: staff.avatar,
        status: staff.status as TChatStatus,
        token: '',
      },
    };
  }

  type NewTourist = { user_id: number | null; nickname: string; avatar: string; language: string };
  /** A new tourist record, seen at `at`. */
  const newTourist = (row: NewTourist, at: number) => store.insertTourist({ ...row, last_seen_at: at, created_at: at });

  /** A shopper: their own tourist record, or the visitor they were before signing in, linked now. */
  async function shopperTourist(
    userId: number,
    tourist: Awaited<ReturnType<typeof store.findTourist>>,
    language: string,
    at: number,
  ) {
    const linked = await store.findTouristOfUser(userId);
    if (linked) return linked;
    if (tourist && tourist.user_id === null) {
      await store.updateTourist(tourist.id, { user_id: userId });
      return tourist;
    }
    const user = await db.selectFrom('users').select(['first_name', 'avatar']).where('id', '=', userId).executeTakeFirst();
    const id = await newTourist(
      { user_id: userId, nickname: user?.first_name ?? 'Shopper', avatar: user?.avatar ?? '', language },
      at,
    );
    return store.findTourist(id);
  }

  /**
   * spec 7 initialize: who is on this connection; a new tourist gets a token to keep.
   * `authSession` is the sign-in session the identity rests on (none for a visitor without an
   * account): the connection ends when it does. A staff token is an agent only when its role
   * allows answering chats (`ChatRoleRefused` otherwise); the role, read here with the token, is
   * the identity's (`role`, null for a visitor).
   */
  async function identify(
    frame: InitializeFrame,
    /** called before a new guest identity is made; throws to refuse it (chat limits) */
    beforeNewVisitor?: () => Promise<void>,
  ): Promise<Identified> {
    if (frame.backend) return identifyAgent(frame.baToken);
    const at = now();
    const language = frame.language ?? 'en-us';
    const claims = verifyTouristToken(signingKey, frame.baTouristToken);
    let tourist = claims?.touristId ? await store.findTourist(claims.touristId) : undefined;
    let authSession: string | null = null;
    if (frame.baUserToken) {
      const principal = await auth.authenticate(frame.baUserToken, 'user');
      authSession = principal.sessionId;
      tourist = await shopperTourist(principal.subjectId, tourist, language, at);
    } else if (claims && tourist && !(await tokenHolds(claims, tourist))) {
      throw new ChatSessionEnded();
    } else if (claims && tourist?.user_id != null) {
      authSession = claims.sessionId;
    }
    if (!tourist) {
      await beforeNewVisitor?.();
      const id = await newTourist({ user_id: null, nickname: 'Visitor', avatar: '', language }, at);
      await store.updateTourist(id, { nickname: `Visitor ${id}` });
      tourist = await store.findTourist(id);
    }
    if (!tourist) throw new Error('tourist vanished');
    await store.updateTourist(tourist.id, { last_seen_at: at, language });
    return {
      authSession,
      participant: { type: 'tourist', id: tourist.id },
      role: null,
      user: {
        id: tourist.id,
        identity: 'tourist',
        nickname: tourist.nickname,
        avatar: tourist.avatar,
        status: 'online',
        token: signTouristToken(signingKey, tourist.id, authSession),
      },
    };
  }

  return {
    identify,

    /**
     * These agents' records as they stand now, for connections identified earlier: the gateway
     * reads them at every agent frame (as the staff guard reads the role at every request) and at
     * every sweep, and hands the role in.
     */
    agentsNow: ctx.staffNow,

    /** The tourist a tourist token names, if it is genuine, the tourist exists and the token still holds. */
    async touristByToken(token: string) {
      const claims = verifyTouristToken(signingKey, token);
      const tourist = claims ? await store.findTourist(claims.touristId) : undefined;
      return claims && tourist && (await tokenHolds(claims, tourist)) ? tourist : null;
    },
  };
}
