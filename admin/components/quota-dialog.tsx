'use client';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { TextField } from '@/components/ui/text-field';
import { parseSize, type AdminUser } from '@/contract/admin';
import { formatBytes } from '@/contract/storage-space';
import { useSnackbar } from '@/hooks/use-snackbar';
import { adminQueries, setQuota } from '../lib/api';
import { failureText } from './screen';

/** A size as typed back into the field: «10G» for 10 GiB, bytes when it is not a whole number of a unit. */
function sizeText(bytes: number | null): string {
  if (bytes === null) return '';
  for (const [unit, power] of [
    ['T', 4],
    ['G', 3],
    ['M', 2],
    ['K', 1],
  ] as const) {
    const value = bytes / 1024 ** power;
    if (value >= 1 && Number.isInteger(value * 10)) return `${value}${unit}`;
  }
  return String(bytes);
}

/** «Изменить квоту»: a size like 500M, 10G or 1.5T; empty: the server's quota (USER_QUOTA_BYTES) applies again. */
export function QuotaDialog({
  open,
  user,
  defaultQuota,
  onClose,
}: {
  open: boolean;
  user: AdminUser;
  defaultQuota: number | null;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const { showSuccess } = useSnackbar();
  const [value, setValue] = useState(sizeText(user.quota_bytes));
  const [error, setError] = useState<string | null>(null);
  const [wasOpen, setWasOpen] = useState(open);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) {
      setValue(sizeText(user.quota_bytes));
      setError(null);
    }
  }
  const save = useMutation({
    mutationFn: (bytes: number | null) => setQuota(user.id, bytes),
    onSuccess: (answer) => {
      showSuccess(answer.detail);
      void queryClient.invalidateQueries({ queryKey: [...adminQueries.all(), 'users'] });
      onClose();
    },
    onError: (e) => setError(failureText(e)),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const text = value.trim();
    if (text === '') return save.mutate(null);
    const bytes = parseSize(text);
    if (bytes === null) return setError('Укажите размер, например 500M, 10G или 1.5T');
    save.mutate(bytes);
  };
  const fallback = defaultQuota === null ? 'без квоты' : `общая квота сервера, ${formatBytes(defaultQuota)}`;
  return (
    <Dialog open={open} onClose={onClose} title={`Квота: ${user.email}`}>
      <form onSubmit={submit} noValidate className="flex flex-col gap-4">
        <TextField
          label="Квота"
          data-autofocus
          value={value}
          onChange={(e) => setValue(e.target.value)}
          error={error ?? undefined}
          hint={`Например: 500M, 10G, 1.5T. Пусто — ${fallback}. Сейчас занято ${formatBytes(user.bytes)}.`}
          autoComplete="off"
        />
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={onClose} disabled={save.isPending}>
            Отмена
          </Button>
          <Button type="submit" loading={save.isPending}>
            Сохранить
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
