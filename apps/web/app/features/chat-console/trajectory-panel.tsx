import { Button } from '../../components/ui/button';
import type { ConsoleState } from './console-state';
import type { ConsoleTexts } from './texts';

type Props = {
  texts: ConsoleTexts;
  language: string;
  trajectory: ConsoleState['trajectory'];
  /** whose pages: the open conversation's visitor or the one picked in the visitors list */
  visitorName: string | null;
  onMore: () => void;
};

const timeOf = (iso: string, language: string) => {
  const date = new Date(iso);
  return Number.isNaN(date.getTime())
    ? ''
    : date.toLocaleString(language === 'zh-cn' ? 'zh-CN' : 'en-US', { dateStyle: 'medium', timeStyle: 'short' });
};

/** The trajectory tab (issue 6 item 6): the pages a visitor opened, newest first, paged. */
export function TrajectoryPanel({ texts, language, trajectory, visitorName, onMore }: Props) {
  if (!trajectory || visitorName === null) {
    return <p className="m-3 rounded-md bg-gray-100 px-3 py-2 text-sm text-gray-700">{texts.needConversation}</p>;
  }
  const { entries, loading, more } = trajectory;
  return (
    <div className="flex min-h-0 flex-1 flex-col gap-3 overflow-y-auto p-3">
      <p className="text-sm font-medium text-gray-900">
        {texts.trajectory}: {visitorName}
      </p>
      {entries.length === 0 && !loading ? <p className="text-sm text-gray-600">{texts.noTrajectory}</p> : null}
      {entries.length > 0 ? (
        <ol className="flex flex-col gap-2" aria-label={`${texts.trajectory}: ${visitorName}`}>
          {entries.map((entry) => (
            <li key={entry.id} className="rounded-md border border-gray-200 bg-white p-2.5">
              <p className="truncate text-sm font-medium text-gray-900">{entry.title || entry.url}</p>
              <p className="truncate text-xs text-gray-600" title={entry.url}>
                {entry.url}
              </p>
              <p className="text-xs text-gray-500">
                {texts.openedAt}: <time dateTime={entry.created_at}>{timeOf(entry.created_at, language)}</time>
              </p>
            </li>
          ))}
        </ol>
      ) : null}
      {loading ? (
        <p role="status" className="text-sm text-gray-600">
          {texts.loading}
        </p>
      ) : more ? (
        <Button variant="secondary" onClick={onMore} className="min-h-10">
          {texts.loadMore}
        </Button>
      ) : null}
    </div>
  );
}
