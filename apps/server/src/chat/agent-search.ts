import {
  CHAT_SEARCH_CONTACTS_MAX,
  CHAT_SEARCH_PAGE_SIZE,
  ChatTexts,
  type TChatSearchResult,
  type TChatSession,
} from '@shop/contracts/chat-protocol';
import { roleMay } from '@shop/contracts/permissions';
import { AppError } from '../http/errors';
import { supervises } from './access';
import type { ChatContext } from './context';
import type { Agent, Participant } from './participants';
import { chatSearchStore, searchTerms, snippetOf } from './search';
import type { SessionRow } from './store';

/** A visitor's phone as agents read it: dial code and number, or nothing. */
const phoneOf = (row: { dial_code: string | null; mobile: string | null }) =>
  row.mobile ? [row.dial_code, row.mobile].filter(Boolean).join(' ') : '';

/** The agents' search as the console shows it: matching messages and contacts, each with its conversation. */
export function chatAgentSearch(ctx: ChatContext) {
  const { db, store } = ctx;

  /** Each conversation presented once however many results it holds. */
  function sessionsFor(viewer: Participant) {
    const sessions = new Map<number, Promise<TChatSession>>();
    return (id: number) => {
      let presented = sessions.get(id);
      if (!presented) {
        presented = store.findSession(id).then((row) => ctx.presentSession(row as SessionRow, viewer));
        sessions.set(id, presented);
      }
      return presented;
    };
  }

  return {
    /**
     * An agent's search over the conversations they may read (decision 0062): their own, the queue,
     * and for supervisors every one — the same as what they may open. The messages matching every
     * word (the last as a prefix), best first a page at a time; on the first page, the visitors
     * whose names match (and their e-mail or phone for roles that may see customers).
     */
    async search(agent: Agent, keyword: string, page: number): Promise<TChatSearchResult> {
      const csrId = agent.id;
      const terms = searchTerms(keyword);
      if (!terms.length) throw AppError.field('keyword', ChatTexts.searchNoWords);
      const scope = { csrId, supervisor: supervises(agent), mayReadContacts: roleMay(agent.role, 'customers.view') };
      const found = chatSearchStore(db);
      const [messages, contacts] = await Promise.all([
        found.messages(terms, scope, page, CHAT_SEARCH_PAGE_SIZE),
        page === 1 ? found.contacts(terms, scope, CHAT_SEARCH_CONTACTS_MAX) : Promise.resolve([]),
      ]);
      const sessionOf = sessionsFor({ type: 'csr', id: csrId });
      return {
        keyword,
        page,
        page_size: CHAT_SEARCH_PAGE_SIZE,
        total: messages.total,
        data: await Promise.all(
          messages.rows.map(async (row) => ({
            message_id: row.id,
            session_id: row.session_id,
            seq: row.seq,
            sender_identity: row.sender_type,
            created_at: new Date(Number(row.created_at)).toISOString(),
            snippet: snippetOf(row.content, terms),
            session: await sessionOf(row.session_id),
          })),
        ),
        contacts: await Promise.all(
          contacts.map(async (row) => ({
            tourist_id: row.id,
            nickname: snippetOf(row.nickname, terms),
            name: snippetOf([row.first_name, row.last_name].filter(Boolean).join(' '), terms),
            email: scope.mayReadContacts ? snippetOf(row.email ?? '', terms) : [],
            phone: scope.mayReadContacts ? snippetOf(phoneOf(row), terms) : [],
            session: await sessionOf(row.session_id),
          })),
        ),
      };
    },
  };
}
