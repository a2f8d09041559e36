'use client';

import { useEffect, useId, useRef, useState } from 'react';
import { FormAlert } from '@/components/ui/form-alert';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useDeletePhoto, useUploadPhoto } from '@/components/profile/use-profile';
import { useSnackbar } from '@/hooks/use-snackbar';
import type { User } from '@/lib/auth/types';
import { displayName } from '@/lib/auth/user';
import { errorInfo, photoError } from '@/lib/errors';
import { ProfileSection } from '@/components/ui/section';

export const PHOTO_UPLOADED = 'Фото профиля обновлено';
export const PHOTO_DELETED = 'Фото профиля удалено';
export const PHOTO_NOT_IMAGE = 'Выберите файл изображения (JPEG, PNG, WebP или GIF)';

export function PhotoSection({ user }: { user: User }) {
  const upload = useUploadPhoto();
  const remove = useDeletePhoto();
  const snackbar = useSnackbar();
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [confirmDelete, setConfirmDelete] = useState(false);

  useEffect(() => {
    if (!file) {
      setPreview(null);
      return;
    }
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  const pick = (f: File | undefined) => {
    setError(null);
    if (!f) return;
    if (!f.type.startsWith('image/')) {
      setError(PHOTO_NOT_IMAGE);
      return;
    }
    setFile(f);
  };

  // When the buttons that acted on a file go away (uploaded, cancelled, deleted), the picker takes the focus
  // once nothing is busy and the confirmation has closed.
  const [refocus, setRefocus] = useState(false);
  useEffect(() => {
    if (!refocus || upload.isPending || confirmDelete) return;
    const t = setTimeout(() => {
      inputRef.current?.focus();
      setRefocus(false);
    }, 0);
    return () => clearTimeout(t);
  }, [refocus, upload.isPending, confirmDelete]);

  const clearPick = () => {
    setFile(null);
    if (inputRef.current) inputRef.current.value = '';
    setRefocus(true);
  };

  const onUpload = async () => {
    if (!file) return;
    setError(null);
    setProgress(0);
    try {
      await upload.mutateAsync({ file, onProgress: setProgress });
      snackbar.showSuccess(PHOTO_UPLOADED);
      clearPick();
    } catch (e) {
      setError(photoError(errorInfo(e), 'Ошибка при загрузке фото'));
    } finally {
      setProgress(null);
    }
  };

  const onDelete = async () => {
    setError(null);
    try {
      await remove.mutateAsync();
      snackbar.showSuccess(PHOTO_DELETED);
      setRefocus(true);
    } catch (e) {
      setError(photoError(errorInfo(e), 'Ошибка при удалении фото'));
    } finally {
      setConfirmDelete(false);
    }
  };

  const shown = preview ?? user.photo_url;
  const initials = displayName(user).slice(0, 1).toUpperCase();

  return (
    <ProfileSection id="profile-photo" title="Фото профиля">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-center">
        <div className="h-28 w-28 shrink-0 overflow-hidden rounded-full border border-line bg-surface-2">
          {shown ? (
            <img src={shown} alt={preview ? 'Предпросмотр нового фото' : 'Фото профиля'} className="h-full w-full object-cover" />
          ) : (
            <span
              className="flex h-full w-full items-center justify-center text-4xl font-semibold text-fg-subtle"
              aria-label="Фото не загружено"
              role="img"
            >
              {initials}
            </span>
          )}
        </div>
        <div className="flex flex-1 flex-col gap-3">
          {error ? <FormAlert>{error}</FormAlert> : null}
          {/* The native picker speaks the browser's language ("Choose File"); a label styled as a button speaks ours. */}
          <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
            <input
              ref={inputRef}
              id={inputId}
              type="file"
              accept="image/*"
              disabled={upload.isPending}
              onChange={(e) => pick(e.target.files?.[0])}
              className="peer sr-only"
            />
            <label
              htmlFor={inputId}
              className="inline-flex min-h-10 cursor-pointer items-center rounded-md border border-line-strong bg-surface px-4 py-2 text-sm font-medium text-fg hover:bg-surface-2 peer-focus-visible:outline-3 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-focus peer-disabled:cursor-not-allowed peer-disabled:text-fg-subtle"
            >
              {user.photo_url || file ? 'Выбрать другое фото' : 'Выбрать фото'}
            </label>
            <span className="min-w-0 break-all text-sm text-fg-muted">{file ? file.name : 'Файл не выбран'}</span>
          </div>
          {progress !== null ? (
            <div className="flex items-center gap-2">
              <progress max={1} value={progress} className="h-2 flex-1" aria-label="Загрузка фото" />
              <span className="text-xs text-fg-muted">{Math.round(progress * 100)}%</span>
            </div>
          ) : null}
          <div className="flex flex-wrap gap-2 empty:hidden">
            {file ? (
              <Button onClick={() => void onUpload()} loading={upload.isPending}>
                Загрузить фото
              </Button>
            ) : null}
            {file ? (
              <Button variant="secondary" disabled={upload.isPending} onClick={clearPick}>
                Отменить
              </Button>
            ) : null}
            {user.photo_url && !file ? (
              <Button variant="danger" onClick={() => setConfirmDelete(true)} loading={remove.isPending}>
                Удалить фото
              </Button>
            ) : null}
          </div>
        </div>
      </div>
      <ConfirmDialog
        open={confirmDelete}
        title="Удалить фото профиля?"
        message="Фото профиля будет удалено без возможности восстановления."
        confirmLabel="Удалить"
        onConfirm={() => void onDelete()}
        onCancel={() => setConfirmDelete(false)}
        busy={remove.isPending}
      />
    </ProfileSection>
  );
}
