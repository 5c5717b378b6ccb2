import type { TChatStatus } from '@shop/contracts/chat-protocol';
import { useId } from 'react';
import type { ConsoleTexts } from './texts';

/** The statuses an agent chooses (spec 4 lists the rest: they describe visitors and sessions). */
export const AGENT_STATUSES = ['online', 'busy', 'invisible', 'offline'] as const satisfies readonly TChatStatus[];

const isAgentStatus = (value: string): value is (typeof AGENT_STATUSES)[number] =>
  (AGENT_STATUSES as readonly string[]).includes(value);

/** The agent's status switch (issue 6 item 6): only an online agent is given new visitors. */
export function StatusSwitch({
  status,
  disabled,
  texts,
  onChange,
}: {
  status: TChatStatus;
  disabled: boolean;
  texts: ConsoleTexts;
  onChange: (status: TChatStatus) => void;
}) {
  const id = useId();
  return (
    <div className="flex items-center gap-2">
      <label htmlFor={id} className="text-sm text-gray-700">
        {texts.status}
      </label>
      <select
        id={id}
        value={isAgentStatus(status) ? status : 'offline'}
        disabled={disabled}
        onChange={(event) => {
          if (isAgentStatus(event.target.value)) onChange(event.target.value);
        }}
        className="min-h-9 rounded-md border border-gray-300 bg-white px-2 text-sm disabled:text-gray-500"
      >
        {AGENT_STATUSES.map((value) => (
          <option key={value} value={value}>
            {texts.statusNames[value]}
          </option>
        ))}
      </select>
    </div>
  );
}
