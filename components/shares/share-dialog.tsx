'use client';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { FormAlert } from '@/components/ui/form-alert';
import { PasswordField } from '@/components/ui/password-field';
import { TextField } from '@/components/ui/text-field';
import { createShare, shareQueries, type CreatedShare } from '@/lib/api/shares';
import { SHARE_MESSAGES, SHARE_PASSWORD_MIN, type ShareExpiryDays, type ShareTargetRequest } from '@/contract/shares';
import { charCount } from '@/contract/limits';
import { dataText } from '@/lib/api/api-error';
import { errorInfo } from '@/lib/errors';

/** The spec's four terms of a link. */
export const EXPIRY_CHOICES: ReadonlyArray<{ value: ShareExpiryDays; label: string }> = [
  { value: 1, label: '1 день' },
  { value: 7, label: '7 дней' },
  { value: 30, label: '30 дней' },
  { value: null, label: 'Бессрочно' },
];

const SHARE_ERROR = 'Не удалось создать ссылку. Попробуйте ещё раз.';

/**
 * «Поделиться»: the link's term, an optional password and «Разрешить скачивание», then the link itself
 * (shown this once: the server keeps only its hash) with «Скопировать ссылку» and, where the browser has
 * one, the system share sheet.
 */
export function ShareDialog({ target, name, onClose }: { target: ShareTargetRequest; name: string; onClose: () => void }) {
  const queryClient = useQueryClient();
  const [days, setDays] = useState<ShareExpiryDays>(7);
  const [password, setPassword] = useState('');
  // A password, when one is given, is SHARE_PASSWORD_MIN characters or more; said under the field on «Создать ссылку».
  const [passwordError, setPasswordError] = useState<string | undefined>(undefined);
  const [allowDownload, setAllowDownload] = useState(false);
  const [copied, setCopied] = useState(false);
  const groupId = useId();
  const create = useMutation({
    mutationFn: () => createShare({ target, expires_in_days: days, password: password || null, allow_download: allowDownload }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: shareQueries.all() }),
  });
  const link: CreatedShare | undefined = create.data;
  // The form goes when the link comes: the focus goes to «Скопировать ссылку», the next thing to do, and the dialog's
  // live line (there from the start, so its change is heard) says the link was made.
  const copyButton = useRef<HTMLButtonElement | null>(null);
  useEffect(() => {
    if (link) copyButton.current?.focus();
  }, [link]);
  const canShare = typeof navigator !== 'undefined' && typeof navigator.share === 'function';

  const copy = async (url: string) => {
    try {
      await navigator.clipboard.writeText(url);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  };

  return (
    <Dialog open onClose={onClose} title="Поделиться" variant="sheet">
      <p role="status" className="sr-only" data-testid="share-status">
        {copied ? 'Ссылка скопирована' : link ? 'Ссылка создана' : ''}
      </p>
      <p className="mb-4 break-words text-sm text-fg-muted">
        «<span className="font-medium text-fg">{name}</span>» откроет любой, у кого есть ссылка, без входа в Копилку.
      </p>
      {link ? (
        <div className="flex flex-col gap-4">
          <TextField label="Ссылка" value={link.url} readOnly onFocus={(e) => e.currentTarget.select()} data-testid="share-url" />
          <div className="flex flex-wrap gap-2">
            <Button ref={copyButton} onClick={() => void copy(link.url)}>
              {copied ? 'Ссылка скопирована' : 'Скопировать ссылку'}
            </Button>
            {canShare ? (
              <Button variant="secondary" onClick={() => void navigator.share({ title: name, url: link.url }).catch(() => undefined)}>
                Отправить…
              </Button>
            ) : null}
            <Button variant="secondary" onClick={onClose}>
              Готово
            </Button>
          </div>
          <p className="text-sm text-fg-muted">Ссылку можно отключить в профиле, в разделе «Мои ссылки».</p>
        </div>
      ) : (
        <form
          className="flex flex-col gap-4"
          onSubmit={(e) => {
            e.preventDefault();
            if (password && charCount(password) < SHARE_PASSWORD_MIN) return setPasswordError(SHARE_MESSAGES.passwordTooShort);
            create.mutate();
          }}
        >
          <fieldset>
            <legend id={groupId} className="mb-2 text-sm font-medium text-fg">
              Срок действия
            </legend>
            <div className="grid grid-cols-2 gap-2 sm:grid-cols-4">
              {EXPIRY_CHOICES.map((c) => (
                <label
                  key={c.label}
                  className="flex min-h-10 cursor-pointer items-center justify-center rounded-lg border border-line-strong px-3 text-sm text-fg has-checked:border-accent has-checked:bg-accent-soft has-checked:text-accent-text has-focus-visible:outline-2 has-focus-visible:outline-accent touch:min-h-11"
                >
                  <input type="radio" name="expiry" className="sr-only" checked={days === c.value} onChange={() => setDays(c.value)} />
                  {c.label}
                </label>
              ))}
            </div>
          </fieldset>
          <PasswordField
            label="Пароль (необязательно)"
            fresh
            value={password}
            onChange={(e) => {
              setPassword(e.target.value);
              setPasswordError(undefined);
            }}
            error={passwordError}
            hint="Без пароля ссылку откроет любой, кто её получит."
          />
          <label className="flex min-h-10 items-center gap-3 text-sm text-fg">
            <input
              type="checkbox"
              checked={allowDownload}
              onChange={(e) => setAllowDownload(e.target.checked)}
              className="h-5 w-5 accent-accent"
            />
            Разрешить скачивание
          </label>
          {create.isError ? <FormAlert>{dataText(errorInfo(create.error).data) ?? SHARE_ERROR}</FormAlert> : null}
          <div className="flex flex-wrap justify-end gap-2">
            <Button variant="secondary" onClick={onClose}>
              Отмена
            </Button>
            <Button type="submit" loading={create.isPending}>
              Создать ссылку
            </Button>
          </div>
        </form>
      )}
    </Dialog>
  );
}
