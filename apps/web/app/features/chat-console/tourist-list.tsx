import type { TChatTourist } from '@shop/contracts/chat-protocol';
import { useMemo, useState } from 'react';
import { PersonRow, RowButton } from './person-row';
import { SearchField } from './search-field';
import { StatusDot } from './session-list';
import type { ConsoleTexts } from './texts';

type Props = {
  tourists: TChatTourist[];
  loaded: boolean;
  texts: ConsoleTexts;
  onRefresh: () => void;
  onStartChat: (touristId: number) => void;
  onInvite: (touristId: number) => void;
  onShowTrajectory: (touristId: number) => void;
};

/** The visitors online now (issue 6 item 6): online state, pages seen, the last page; chat, invite, trajectory. */
export function TouristList({ tourists, loaded, texts, onRefresh, onStartChat, onInvite, onShowTrajectory }: Props) {
  const [query, setQuery] = useState('');
  const [invited, setInvited] = useState<ReadonlySet<number>>(new Set());
  const shown = useMemo(() => {
    const needle = query.trim().toLowerCase();
    return needle
      ? tourists.filter((t) => t.nickname.toLowerCase().includes(needle) || t.last_trajectory_url.toLowerCase().includes(needle))
      : tourists;
  }, [tourists, query]);

  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <div className="flex gap-2 border-b border-gray-200 p-3">
        <SearchField label={texts.searchVisitors} value={query} onChange={setQuery} className="min-w-0 flex-1" />
        <button
          type="button"
          onClick={onRefresh}
          className="min-h-10 rounded-md border border-gray-300 bg-white px-3 text-sm hover:border-gray-900"
        >
          {texts.refresh}
        </button>
      </div>
      {!loaded ? (
        <p role="status" className="p-4 text-sm text-gray-600">
          {texts.loading}
        </p>
      ) : shown.length === 0 ? (
        <p className="p-4 text-sm text-gray-600">{tourists.length === 0 ? texts.noVisitors : texts.noMatches}</p>
      ) : (
        <ul className="min-h-0 flex-1 overflow-y-auto" aria-label={texts.visitors}>
          {shown.map((tourist) => (
            <PersonRow
              key={tourist.id}
              person={tourist}
              marker={{ 'data-tourist-id': tourist.id }}
              footer={
                <div className="mt-2 flex flex-wrap gap-2 pl-[52px]">
                  <RowButton onClick={() => onStartChat(tourist.id)} label={`${texts.startChat}: ${tourist.nickname}`}>
                    {texts.startChat}
                  </RowButton>
                  <RowButton
                    onClick={() => {
                      onInvite(tourist.id);
                      setInvited((set) => new Set(set).add(tourist.id));
                    }}
                    label={`${texts.invite}: ${tourist.nickname}`}
                    disabled={invited.has(tourist.id)}
                    className="disabled:cursor-default disabled:text-gray-500 disabled:hover:border-gray-300"
                  >
                    {invited.has(tourist.id) ? texts.invited : texts.invite}
                  </RowButton>
                  <RowButton onClick={() => onShowTrajectory(tourist.id)} label={`${texts.trajectory}: ${tourist.nickname}`}>
                    {texts.trajectory}
                  </RowButton>
                </div>
              }
            >
              <p className="flex flex-wrap items-center gap-x-2 text-xs text-gray-600">
                <StatusDot status={tourist.status} label={texts.statusNames[tourist.status]} />
                <span>{tourist.signed_in ? texts.signedIn : texts.guest}</span>
                <span>{texts.pagesVisited(tourist.trajectory_count)}</span>
              </p>
              {tourist.last_trajectory_url ? (
                <p className="mt-0.5 truncate text-xs text-gray-600" title={tourist.last_trajectory_url}>
                  {texts.lastPage}: <span className="text-gray-800">{tourist.last_trajectory_url}</span>
                </p>
              ) : null}
            </PersonRow>
          ))}
        </ul>
      )}
    </div>
  );
}
