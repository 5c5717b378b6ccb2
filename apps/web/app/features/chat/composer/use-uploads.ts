import { type ChangeEvent, useEffect, useRef, useState } from 'react';
import { notify } from '../../../lib/toast';
import type { WidgetTexts } from '../texts';
import type { OutgoingMessage } from '../widget/chat-controller';
import {
  checkUpload,
  guestRefused,
  UploadCancelled,
  type UploadKind,
  UploadRefused,
  uploadChatFile,
  uploadFailureText,
  uploadMessage,
} from './upload';

/** One file on its way, or failed and waiting for a retry or dismissal. */
export type UploadRow = {
  id: number;
  name: string;
  kind: UploadKind;
  file: File;
  progress: number;
  status: 'uploading' | 'failed';
  /** the file on this device, for the failure's local preview link (spec 8) */
  localUrl: string | null;
  abort: AbortController;
  error: string;
};

let uploadIds = 0;

type UploadOptions = {
  texts: WidgetTexts;
  guest: boolean;
  touristFileSwitch: 'yes' | 'no';
  /** false (after saying so) when there is no conversation to send to */
  needConversation: () => boolean;
  /** sends the uploaded file's message */
  send: (message: OutgoingMessage) => Promise<boolean>;
  uploadHeaders: () => Record<string, string>;
  onAuthExpired?: () => Promise<unknown>;
};

/**
 * spec 5 / 8: image and file uploads — the hidden file inputs, each file's progress and cancel,
 * a failure with its reason, local preview and retry, and the message sent once a file is up.
 */
export function useUploads({
  texts,
  guest,
  touristFileSwitch,
  needConversation,
  send,
  uploadHeaders,
  onAuthExpired,
}: UploadOptions) {
  const [uploads, setUploads] = useState<UploadRow[]>([]);
  const imageInput = useRef<HTMLInputElement>(null);
  const fileInput = useRef<HTMLInputElement>(null);

  // the local copies of failed uploads are let go with the composer
  const rows = useRef(uploads);
  rows.current = uploads;
  useEffect(
    () => () => {
      for (const row of rows.current) {
        row.abort.abort();
        if (row.localUrl) URL.revokeObjectURL(row.localUrl);
      }
    },
    [],
  );

  const update = (id: number, change: Partial<UploadRow>) =>
    setUploads((current) => current.map((item) => (item.id === id ? { ...item, ...change } : item)));
  const remove = (row: UploadRow) => {
    setUploads((current) => current.filter((item) => item.id !== row.id));
    if (row.localUrl) URL.revokeObjectURL(row.localUrl);
  };

  /** Opens the image or file picker, unless the guest file rule refuses it. */
  const pick = (kind: UploadKind) => {
    if (needConversation()) return;
    if (guestRefused(guest, touristFileSwitch)) {
      void notify.error(texts.guestUploadRefused);
      return;
    }
    (kind === 'image' ? imageInput : fileInput).current?.click();
  };

  const runUpload = async (row: UploadRow, retried = false): Promise<void> => {
    try {
      const upload = await uploadChatFile(row.file, row.kind, {
        headers: uploadHeaders(),
        signal: row.abort.signal,
        onProgress: (progress) => update(row.id, { progress }),
      });
      remove(row);
      void notify.success(texts.uploadSucceeded);
      await send(uploadMessage(upload));
    } catch (error) {
      if (error instanceof UploadCancelled) {
        remove(row);
        return;
      }
      if (error instanceof UploadRefused && error.status === 409 && onAuthExpired && !retried) {
        await onAuthExpired();
        return runUpload(row, true);
      }
      void notify.error(texts.uploadFailed);
      update(row.id, {
        status: 'failed',
        error: uploadFailureText(error, texts.uploadFailed),
        localUrl: row.localUrl ?? URL.createObjectURL(row.file),
      });
    }
  };

  /** The picked file: checked here first (type, size), then sent. */
  const onFiles = (kind: UploadKind) => (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const refusal = checkUpload(file, kind);
    if (refusal) {
      void notify.error(texts[refusal]);
      return;
    }
    const row: UploadRow = {
      id: ++uploadIds,
      name: file.name,
      kind,
      file,
      progress: 0,
      status: 'uploading',
      localUrl: null,
      abort: new AbortController(),
      error: '',
    };
    setUploads((current) => [...current, row]);
    void runUpload(row);
  };

  const retry = (row: UploadRow) => {
    const again: UploadRow = { ...row, status: 'uploading', progress: 0, abort: new AbortController(), error: '' };
    setUploads((current) => current.map((item) => (item.id === row.id ? again : item)));
    void runUpload(again);
  };

  const dismiss = (row: UploadRow) => {
    row.abort.abort();
    remove(row);
  };

  return { uploads, imageInput, fileInput, pick, onFiles, retry, dismiss };
}
