'use client';

import { useEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { FormAlert } from '@/components/ui/form-alert';
import { PasswordField } from '@/components/ui/password-field';
import { Spinner } from '@/components/ui/spinner';
import { TextField } from '@/components/ui/text-field';
import { useAddPasskey, usePasskeys, useRemovePasskey, useRenamePasskey } from '@/hooks/use-passkeys';
import { useSnackbar } from '@/hooks/use-snackbar';
import { ApiError, dataText } from '@/lib/api/api-error';
import type { Passkey } from '@/lib/api/passkeys';
import { PASSKEY_NAME_MAX } from '@/contract/sign-in-ways';
import { ProfileSection } from '@/components/ui/section';

export const PASSKEY_ADDED = 'Ключ доступа добавлен';
export const PASSKEY_REMOVED = 'Ключ доступа удалён';
const FAILED = 'Не удалось сохранить изменения. Попробуйте ещё раз.';
const WRONG_ADDRESS =
  'Ключи доступа работают только по основному адресу Копилки (PUBLIC_URL в настройках сервера). Откройте Копилку по нему и повторите.';

const date = new Intl.DateTimeFormat('ru-RU', { day: 'numeric', month: 'long', year: 'numeric', hour: '2-digit', minute: '2-digit' });

/** The server's reason, a cancelled browser dialog, or a generic failure. */
function passkeyChangeError(e: unknown): string {
  if (e instanceof ApiError) return dataText(e.data) ?? FAILED;
  if (e instanceof Error && (e.name === 'NotAllowedError' || e.name === 'AbortError')) return 'Добавление ключа доступа отменено';
  if (e instanceof Error && e.name === 'InvalidStateError') return 'Этот ключ доступа уже добавлен';
  // The browser refuses a key for another site: the page is open at another address than the server's PUBLIC_URL.
  if (e instanceof Error && e.name === 'SecurityError') return WRONG_ADDRESS;
  return FAILED;
}

function PasskeyItem({ passkey }: { passkey: Passkey }) {
  const rename = useRenamePasskey();
  const remove = useRemovePasskey();
  const snackbar = useSnackbar();
  const [editing, setEditing] = useState(false);
  const [name, setName] = useState(passkey.name);
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const titleId = `passkey-${passkey.id}`;
  // Renaming: the focus into the field as it opens, back to «Переименовать» as it closes.
  const nameRef = useRef<HTMLInputElement | null>(null);
  const renameRef = useRef<HTMLButtonElement | null>(null);
  const [wasEditing, setWasEditing] = useState(editing);
  const [focusNext, setFocusNext] = useState(false);
  if (wasEditing !== editing) {
    setWasEditing(editing);
    setFocusNext(true);
  }
  useEffect(() => {
    if (!focusNext) return;
    (editing ? nameRef.current : renameRef.current)?.focus();
    setFocusNext(false);
  }, [focusNext, editing]);

  const save = async () => {
    setError(null);
    try {
      await rename.mutateAsync({ id: passkey.id, name: name.trim() });
      setEditing(false);
    } catch (e) {
      setError(passkeyChangeError(e));
    }
  };

  const doRemove = async () => {
    setError(null);
    try {
      await remove.mutateAsync(passkey.id);
      snackbar.showSuccess(PASSKEY_REMOVED);
    } catch (e) {
      setError(passkeyChangeError(e));
    } finally {
      setConfirming(false);
    }
  };

  return (
    <li className="flex flex-col gap-2 py-3">
      {editing ? (
        <form
          className="flex flex-col gap-2 sm:flex-row sm:items-end"
          onSubmit={(e) => {
            e.preventDefault();
            void save();
          }}
        >
          <TextField
            ref={nameRef}
            label="Название ключа"
            value={name}
            maxLength={PASSKEY_NAME_MAX}
            onChange={(e) => setName(e.target.value)}
          />
          <Button type="submit" loading={rename.isPending}>
            Сохранить
          </Button>
          <Button variant="ghost" onClick={() => setEditing(false)}>
            Отмена
          </Button>
        </form>
      ) : (
        <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
          <div className="flex flex-col gap-0.5 text-sm">
            <p id={titleId} className="font-medium text-fg">
              {passkey.name}
            </p>
            <p className="text-fg-muted">Добавлен: {date.format(new Date(passkey.created_at))}</p>
            <p className="text-fg-muted">
              {passkey.last_used_at ? `Последний вход: ${date.format(new Date(passkey.last_used_at))}` : 'Ещё не использовался'}
            </p>
          </div>
          <div className="flex gap-2">
            <Button ref={renameRef} variant="secondary" aria-describedby={titleId} onClick={() => setEditing(true)}>
              Переименовать
            </Button>
            <Button variant="secondary" aria-describedby={titleId} onClick={() => setConfirming(true)}>
              Удалить
            </Button>
          </div>
        </div>
      )}
      {error ? <FormAlert>{error}</FormAlert> : null}
      <ConfirmDialog
        open={confirming}
        title="Удалить ключ доступа?"
        message={`Войти с ключом «${passkey.name}» будет нельзя.`}
        confirmLabel="Удалить"
        danger
        busy={remove.isPending}
        onConfirm={() => void doRemove()}
        onCancel={() => setConfirming(false)}
      />
    </li>
  );
}

/** «Ключи доступа»: the owner's passkeys (name, when added, last used), renamed and removed; a new one after the current password. */
export function PasskeysSection() {
  const passkeys = usePasskeys();
  const add = useAddPasskey();
  const snackbar = useSnackbar();
  const [adding, setAdding] = useState(false);
  const [password, setPassword] = useState('');
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  // The empty password is said under its field (tied to it), the rest above the form.
  const [passwordError, setPasswordError] = useState<string | undefined>(undefined);
  const passwordRef = useRef<HTMLInputElement | null>(null);
  const addButtonRef = useRef<HTMLButtonElement | null>(null);
  // The focus follows the form: into «Текущий пароль» as it opens, back to «Добавить ключ доступа» as it closes
  // (after «Отмена», or the key added: the list above then holds it, and the snackbar says so).
  const [wasAdding, setWasAdding] = useState(adding);
  const [focusNext, setFocusNext] = useState<'password' | 'add' | null>(null);
  if (wasAdding !== adding) {
    setWasAdding(adding);
    setFocusNext(adding ? 'password' : 'add');
  }
  useEffect(() => {
    if (focusNext === 'password') passwordRef.current?.focus();
    if (focusNext === 'add') addButtonRef.current?.focus();
    if (focusNext) setFocusNext(null);
  }, [focusNext]);

  const submit = async () => {
    setError(null);
    setPasswordError(undefined);
    if (!password) {
      setPasswordError('Введите текущий пароль');
      passwordRef.current?.focus();
      return;
    }
    try {
      await add.mutateAsync({ password, name: name.trim() || undefined });
      snackbar.showSuccess(PASSKEY_ADDED);
      setAdding(false);
      setPassword('');
      setName('');
    } catch (e) {
      setError(passkeyChangeError(e));
    }
  };

  return (
    <ProfileSection id="passkeys-title" title="Ключи доступа">
      <p className="mb-3 text-sm text-fg-muted">
        Ключ доступа — вход по отпечатку пальца, лицу или PIN-коду устройства, без пароля и кода из приложения.
      </p>
      {passkeys.isPending ? (
        <Spinner className="h-5 w-5" label="Загрузка ключей доступа…" />
      ) : passkeys.isError ? (
        <FormAlert>Не удалось загрузить ключи доступа</FormAlert>
      ) : passkeys.data.length ? (
        <ul className="mb-3 divide-y divide-line" aria-label="Ключи доступа">
          {passkeys.data.map((p) => (
            <PasskeyItem key={p.id} passkey={p} />
          ))}
        </ul>
      ) : (
        <p className="mb-3 text-sm text-fg-muted">Ключей доступа пока нет.</p>
      )}
      {adding ? (
        <form
          noValidate
          className="flex flex-col gap-3"
          onSubmit={(e) => {
            e.preventDefault();
            void submit();
          }}
        >
          {error ? <FormAlert>{error}</FormAlert> : null}
          <PasswordField
            ref={passwordRef}
            label="Текущий пароль"
            autoComplete="current-password"
            value={password}
            error={passwordError}
            onChange={(e) => {
              setPassword(e.target.value);
              setPasswordError(undefined);
            }}
          />
          <TextField
            label="Название ключа (необязательно)"
            placeholder="Например, «Ноутбук»"
            maxLength={PASSKEY_NAME_MAX}
            value={name}
            onChange={(e) => setName(e.target.value)}
          />
          <div className="flex gap-2">
            <Button type="submit" loading={add.isPending}>
              Продолжить
            </Button>
            <Button variant="ghost" onClick={() => setAdding(false)} disabled={add.isPending}>
              Отмена
            </Button>
          </div>
        </form>
      ) : (
        <Button ref={addButtonRef} variant="secondary" onClick={() => setAdding(true)}>
          Добавить ключ доступа
        </Button>
      )}
    </ProfileSection>
  );
}
