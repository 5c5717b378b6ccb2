import { useId } from 'react';
import { type ChatLanguage, changeChatLanguage, isChatLanguage } from '../chat/language';
import { CONSOLE_LANGUAGES, type SignInTexts } from './sign-in-texts';

/** The chat language switch (issue 6 item 7); the console tells the server when it is connected. */
export function LanguageSelect({ language, texts }: { language: ChatLanguage; texts: Pick<SignInTexts, 'language'> }) {
  const id = useId();
  return (
    <div className="flex items-center gap-2">
      <label htmlFor={id} className="text-sm text-gray-700">
        {texts.language}
      </label>
      <select
        id={id}
        value={language}
        onChange={(event) => {
          if (isChatLanguage(event.target.value)) changeChatLanguage(event.target.value);
        }}
        className="min-h-9 rounded-md border border-gray-300 bg-white px-2 text-sm"
      >
        {CONSOLE_LANGUAGES.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}
