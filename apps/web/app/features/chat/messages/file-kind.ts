import { IMAGE_SUFFIXES } from '@shop/contracts/chat-constants';

/** spec 4 "File message": these suffixes play in a video player (case-insensitive). */
export const VIDEO_SUFFIXES = ['mp4', 'avi', 'mov', 'wmv', 'flv', 'webm', 'mkv'] as const;
/** spec 4 "File message": these suffixes play in an audio player (case-insensitive). */
export const AUDIO_SUFFIXES = ['mp3', 'wav', 'ogg', 'aac', 'flac', 'm4a'] as const;

/** How a file message is shown: a player, or a card with a download button. */
export type FileDisplay = 'video' | 'audio' | 'card';

/** The icon a file card carries, chosen by the suffix. */
export type FileIconKind =
  | 'pdf'
  | 'document'
  | 'spreadsheet'
  | 'presentation'
  | 'archive'
  | 'image'
  | 'video'
  | 'audio'
  | 'text'
  | 'code'
  | 'file';

const ICONS: Record<Exclude<FileIconKind, 'image' | 'video' | 'audio' | 'file'>, readonly string[]> = {
  pdf: ['pdf'],
  document: ['doc', 'docx', 'odt', 'rtf', 'pages'],
  spreadsheet: ['xls', 'xlsx', 'ods', 'csv', 'numbers'],
  presentation: ['ppt', 'pptx', 'odp', 'key'],
  archive: ['zip', 'rar', '7z', 'tar', 'gz', 'tgz', 'bz2', 'xz'],
  text: ['txt', 'md', 'log'],
  code: ['json', 'xml', 'html', 'htm', 'css', 'js', 'ts', 'py', 'java', 'c', 'cpp', 'sql', 'yml', 'yaml'],
};

const includes = (list: readonly string[], suffix: string) => list.includes(suffix);

/**
 * A file's suffix, lower case and without the dot: the message's own `suffix` when it has one,
 * else the end of its name, else the end of its address's path ('' when none of them has one).
 */
export function fileSuffix(suffix: unknown, name?: unknown, url?: unknown): string {
  if (typeof suffix === 'string' && suffix.trim() !== '') return suffix.trim().replace(/^\./, '').toLowerCase();
  for (const candidate of [name, typeof url === 'string' ? url.split(/[?#]/)[0] : undefined]) {
    if (typeof candidate !== 'string') continue;
    const match = /\.([a-z\d]{1,10})$/i.exec(candidate.trim());
    if (match?.[1]) return match[1].toLowerCase();
  }
  return '';
}

/** spec 4: the suffix decides whether a file plays as video, as audio, or shows as a card. */
export function fileDisplay(suffix: string): FileDisplay {
  const lower = suffix.toLowerCase();
  if (includes(VIDEO_SUFFIXES, lower)) return 'video';
  if (includes(AUDIO_SUFFIXES, lower)) return 'audio';
  return 'card';
}

/** The icon of a file card, by suffix. */
export function fileIconKind(suffix: string): FileIconKind {
  const lower = suffix.toLowerCase();
  if (includes(IMAGE_SUFFIXES, lower)) return 'image';
  if (includes(VIDEO_SUFFIXES, lower)) return 'video';
  if (includes(AUDIO_SUFFIXES, lower)) return 'audio';
  for (const [kind, suffixes] of Object.entries(ICONS)) if (includes(suffixes, lower)) return kind as FileIconKind;
  return 'file';
}
