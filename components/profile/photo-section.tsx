'use client';

import { useEffect, useId, useRef, useState } from 'react';
import { FormAlert } from '@/components/auth/auth-card';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useDeletePhoto, useUploadPhoto } from '@/hooks/use-profile';
import { useSnackbar } from '@/hooks/use-snackbar';
import type { User } from '@/lib/auth/types';
import { displayName } from '@/lib/auth/user';
import { errorInfo, photoError } from '@/lib/errors';
import { ProfileSection } from './section';

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

  const onUpload = async () => {
    if (!file) return;
    setError(null);
    setProgress(0);
    try {
      await upload.mutateAsync({ file, onProgress: setProgress });
      snackbar.showSuccess(PHOTO_UPLOADED);
      setFile(null);
      if (inputRef.current) inputRef.current.value = '';
    } catch (e) {
      setError(photoError(await errorInfo(e), 'Ошибка при загрузке фото'));
    } finally {
      setProgress(null);
    }
  };

  const onDelete = async () => {
    setError(null);
    try {
      await remove.mutateAsync();
      snackbar.showSuccess(PHOTO_DELETED);
    } catch (e) {
      setError(photoError(await errorInfo(e), 'Ошибка при удалении фото'));
    } finally {
      setConfirmDelete(false);
    }
  };

  const shown = preview ?? user.photo_url;
  const initials = displayName(user).slice(0, 1).toUpperCase();

  return (
    <ProfileSection id="profile-photo" title="Фото профиля">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start">
        <div className="h-28 w-28 shrink-0 overflow-hidden rounded-full border border-slate-200 bg-slate-100">
          {shown ? (
            // eslint-disable-next-line @next/next/no-img-element
            <img src={shown} alt={preview ? 'Предпросмотр нового фото' : 'Фото профиля'} className="h-full w-full object-cover" />
          ) : (
            <span className="flex h-full w-full items-center justify-center text-4xl font-semibold text-slate-500" aria-label="Фото не загружено" role="img">
              {initials}
            </span>
          )}
        </div>
        <div className="flex flex-1 flex-col gap-3">
          {error ? <FormAlert>{error}</FormAlert> : null}
          <div className="flex flex-col gap-1">
            <label htmlFor={inputId} className="text-sm font-medium text-slate-800">
              Выберите изображение
            </label>
            <input
              ref={inputRef}
              id={inputId}
              type="file"
              accept="image/*"
              onChange={(e) => pick(e.target.files?.[0])}
              className="text-sm file:mr-3 file:rounded-md file:border file:border-slate-300 file:bg-white file:px-3 file:py-2 file:text-sm"
            />
          </div>
          {progress !== null ? (
            <div className="flex items-center gap-2">
              <progress max={1} value={progress} className="h-2 flex-1" aria-label="Загрузка фото" />
              <span className="text-xs text-slate-700">{Math.round(progress * 100)}%</span>
            </div>
          ) : null}
          <div className="flex flex-wrap gap-2">
            <Button onClick={onUpload} disabled={!file} loading={upload.isPending}>
              Загрузить фото
            </Button>
            {file ? (
              <Button
                variant="secondary"
                disabled={upload.isPending}
                onClick={() => {
                  setFile(null);
                  if (inputRef.current) inputRef.current.value = '';
                }}
              >
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
        onConfirm={onDelete}
        onCancel={() => setConfirmDelete(false)}
        busy={remove.isPending}
      />
    </ProfileSection>
  );
}
