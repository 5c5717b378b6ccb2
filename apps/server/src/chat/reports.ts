import { CHAT_REPORT_MAX_DAYS, ChatOfflineTexts, type TChatReport, type TChatReportQuery } from '@shop/contracts/chat-offline';
import type { Db } from '../db/database';
import { AppError } from '../http/errors';

/**
 * The support desk's report over UTC days (decision 0060), from the stored rows alone: each
 * conversation started in the range with the visitor's first message, the first agent message
 * after it (automatic answers are the system's, not an agent's), and its first resolution (the
 * resolve notice, `resolved-<session>-<n>`, kept in the transcript); the ratings given in the range.
 * A conversation counts for the agent it is assigned to now.
 */

const DAY_MS = 86_400_000;

/** The range's first instant and the instant after its last day; bad, reversed or too long ranges are refused. */
export function reportRange(query: TChatReportQuery): { start: number; end: number; days: string[] } {
  const parse = (name: 'from' | 'to') => {
    const value = query[name];
    const at = Date.parse(`${value}T00:00:00.000Z`);
    if (Number.isNaN(at) || new Date(at).toISOString().slice(0, 10) !== value)
      throw AppError.field(name, ChatOfflineTexts.reportRangeInvalid);
    return at;
  };
  const start = parse('from');
  const last = parse('to');
  if (last < start) throw AppError.field('to', ChatOfflineTexts.reportRangeOrder);
  const count = (last - start) / DAY_MS + 1;
  if (count > CHAT_REPORT_MAX_DAYS) throw AppError.field('to', ChatOfflineTexts.reportRangeTooLong);
  const days = Array.from({ length: count }, (_, i) => new Date(start + i * DAY_MS).toISOString().slice(0, 10));
  return { start, end: last + DAY_MS, days };
}

const average = (values: number[]) => (values.length ? values.reduce((sum, v) => sum + v, 0) / values.length : null);
const round = (value: number | null, places = 0) => (value === null ? null : Number(value.toFixed(places)));

function median(values: number[]): number | null {
  if (!values.length) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] as number) : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

const num = (value: unknown) => (value === null || value === undefined ? null : Number(value));

export async function chatReport(db: Db, query: TChatReportQuery): Promise<TChatReport> {
  const { start, end, days } = reportRange(query);
  const sessions = await db
    .selectFrom('chat_sessions as s')
    .select((eb) => [
      's.id',
      's.csr_id',
      's.created_at',
      eb
        .selectFrom('chat_messages as m')
        .select((m) => m.fn.min('m.created_at').as('t'))
        .whereRef('m.session_id', '=', 's.id')
        .where('m.sender_type', '=', 'tourist')
        .as('asked_at'),
      eb
        .selectFrom('chat_messages as m')
        .select((m) => m.fn.min('m.created_at').as('t'))
        .whereRef('m.session_id', '=', 's.id')
        .where('m.sender_type', '=', 'csr')
        .where('m.auto_reply', '=', 0)
        .where((m) =>
          m(
            'm.created_at',
            '>=',
            m
              .selectFrom('chat_messages as f')
              .select((f) => f.fn.min('f.created_at').as('t'))
              .whereRef('f.session_id', '=', 's.id')
              .where('f.sender_type', '=', 'tourist'),
          ),
        )
        .as('answered_at'),
      eb
        .selectFrom('chat_messages as m')
        .select((m) => m.fn.min('m.created_at').as('t'))
        .whereRef('m.session_id', '=', 's.id')
        .where('m.sender_type', '=', 'system')
        .where('m.client_msg_id', 'like', 'resolved-%')
        .as('resolved_at'),
    ])
    .where('s.created_at', '>=', start)
    .where('s.created_at', '<', end)
    .orderBy('s.id')
    .execute();
  const ratings = await db
    .selectFrom('chat_ratings')
    .select(['csr_id', 'stars', 'created_at'])
    .where('created_at', '>=', start)
    .where('created_at', '<', end)
    .execute();

  const dayOf = (at: number) => new Date(at).toISOString().slice(0, 10);
  const rows = sessions.map((session) => {
    const created = Number(session.created_at);
    const asked = num(session.asked_at);
    const answered = num(session.answered_at);
    const resolved = num(session.resolved_at);
    const from = asked ?? created;
    return {
      csrId: session.csr_id,
      day: dayOf(created),
      firstResponse: asked !== null && answered !== null ? Math.max(0, answered - asked) : null,
      resolution: resolved !== null ? Math.max(0, resolved - from) : null,
    };
  });
  const rated = ratings.map((rating) => ({
    csrId: rating.csr_id,
    stars: Number(rating.stars),
    day: dayOf(Number(rating.created_at)),
  }));

  const responses = (list: typeof rows) => list.flatMap((row) => (row.firstResponse === null ? [] : [row.firstResponse]));
  const resolutions = (list: typeof rows) => list.flatMap((row) => (row.resolution === null ? [] : [row.resolution]));
  const stars = (list: typeof rated) => list.map((rating) => rating.stars);

  const agentIds = [...new Set([...rows.map((row) => row.csrId), ...rated.map((rating) => rating.csrId)])];
  const named = agentIds.filter((id): id is number => id !== null);
  const staff = named.length ? await db.selectFrom('staff').select(['id', 'nickname']).where('id', 'in', named).execute() : [];
  const nickname = new Map(staff.map((member) => [member.id, member.nickname]));

  const allStars = stars(rated);
  return {
    from: query.from,
    to: query.to,
    totals: {
      conversations: rows.length,
      answered: responses(rows).length,
      resolved: resolutions(rows).length,
      first_response_avg_ms: round(average(responses(rows))),
      first_response_median_ms: round(median(responses(rows))),
      resolution_avg_ms: round(average(resolutions(rows))),
      resolution_median_ms: round(median(resolutions(rows))),
      csat_count: allStars.length,
      csat_average: round(average(allStars), 2),
      csat_satisfied_pct: allStars.length ? round((allStars.filter((s) => s >= 4).length / allStars.length) * 100, 1) : null,
    },
    days: days.map((day) => {
      const ofDay = rows.filter((row) => row.day === day);
      return {
        day,
        conversations: ofDay.length,
        first_response_avg_ms: round(average(responses(ofDay))),
        resolved: resolutions(ofDay).length,
        csat_average: round(average(stars(rated.filter((rating) => rating.day === day))), 2),
      };
    }),
    agents: agentIds
      .map((id) => {
        const ofAgent = rows.filter((row) => row.csrId === id);
        const agentStars = stars(rated.filter((rating) => rating.csrId === id));
        return {
          csr_id: id,
          nickname: id === null ? 'Unassigned' : (nickname.get(id) ?? `Agent ${id}`),
          conversations: ofAgent.length,
          first_response_avg_ms: round(average(responses(ofAgent))),
          resolution_avg_ms: round(average(resolutions(ofAgent))),
          resolved: resolutions(ofAgent).length,
          csat_count: agentStars.length,
          csat_average: round(average(agentStars), 2),
        };
      })
      .sort((a, b) => b.conversations - a.conversations || a.nickname.localeCompare(b.nickname)),
    csat_stars: [1, 2, 3, 4, 5].map((value) => allStars.filter((s) => s === value).length),
  };
}
