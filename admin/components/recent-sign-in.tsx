'use client';

import { createContext, useCallback, useContext, useRef, useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { FormAlert } from '@/components/ui/form-alert';
import { PasswordField } from '@/components/ui/password-field';
import { ApiError, dataText } from '@/lib/api/api-error';
import { zodResolver } from '@/lib/forms/zod-resolver';
import { adminApi } from '../lib/client';

/**
 * Recent sign-in («Подтвердите вход»): every admin change runs through `useAdminAction`. When the server answers
 * 403 `{"code": "reauth_required"}` (the session was not signed in or re-confirmed in the last 30 minutes), the area
 * asks for the password here, re-confirms the session with `POST /api/auth/reauth/` and repeats the change once.
 * This is the one place the admin area meets that mechanism.
 */
export const REAUTH_REQUIRED = 'reauth_required';

const isReauthRequired = (e: unknown) =>
  e instanceof ApiError &&
  e.status === 403 &&
  !!e.data &&
  typeof e.data === 'object' &&
  (e.data as { code?: unknown }).code === REAUTH_REQUIRED;

type Ask = () => Promise<boolean>;
const AskContext = createContext<Ask>(async () => false);

const schema = z.object({ password: z.string().min(1, 'Обязательное поле.') });

export function RecentSignInProvider({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const settle = useRef<((ok: boolean) => void) | null>(null);
  const form = useForm<{ password: string }>({ resolver: zodResolver(schema), defaultValues: { password: '' } });

  const ask = useCallback<Ask>(
    () =>
      new Promise<boolean>((resolve) => {
        settle.current = resolve;
        setError(null);
        form.reset();
        setOpen(true);
      }),
    [form],
  );
  const close = (ok: boolean) => {
    setOpen(false);
    settle.current?.(ok);
    settle.current = null;
  };
  const onSubmit = form.handleSubmit(async ({ password }) => {
    setError(null);
    try {
      await adminApi.post('auth/reauth/', { json: { password } });
      close(true);
    } catch (e) {
      setError(e instanceof ApiError ? (dataText(e.data) ?? 'Не удалось подтвердить вход') : 'Не удалось подтвердить вход');
      form.setFocus('password', { shouldSelect: true });
    }
  });

  return (
    <AskContext.Provider value={ask}>
      {children}
      <Dialog open={open} onClose={() => close(false)} title="Подтвердите вход">
        <form onSubmit={(e) => void onSubmit(e)} noValidate className="flex flex-col gap-4">
          <p className="text-sm text-fg-muted">Для действий администратора нужен недавний вход. Введите пароль ещё раз.</p>
          {error ? <FormAlert>{error}</FormAlert> : null}
          <PasswordField label="Пароль" data-autofocus error={form.formState.errors.password?.message} {...form.register('password')} />
          <div className="flex justify-end gap-2">
            <Button variant="secondary" onClick={() => close(false)}>
              Отмена
            </Button>
            <Button type="submit" loading={form.formState.isSubmitting}>
              Подтвердить
            </Button>
          </div>
        </form>
      </Dialog>
    </AskContext.Provider>
  );
}

/** Runs an admin change; asked for a recent sign-in, asks for it and runs the change once more. */
export function useAdminAction() {
  const ask = useContext(AskContext);
  return useCallback(
    async <T,>(change: () => Promise<T>): Promise<T> => {
      try {
        return await change();
      } catch (e) {
        if (!isReauthRequired(e) || !(await ask())) throw e;
        return change();
      }
    },
    [ask],
  );
}
