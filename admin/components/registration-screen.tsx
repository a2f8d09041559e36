'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { REGISTRATION_MODES, type RegistrationMode } from '@/contract/admin';
import { useSnackbar } from '@/hooks/use-snackbar';
import { adminQueries, setRegistration } from '../lib/api';
import { REGISTRATION_NAMES } from '../lib/words';
import { failureText, LoadError, ScreenHeader } from './screen';

/** «Регистрация»: who may sign up. The choice is stored and wins over REGISTRATION; the first account is always let in. */
export function RegistrationScreen() {
  const queryClient = useQueryClient();
  const { showSuccess, showError } = useSnackbar();
  const settings = useQuery(adminQueries.settings());
  const [chosen, setChosen] = useState<RegistrationMode | null>(null);
  const save = useMutation({
    mutationFn: (mode: RegistrationMode) => setRegistration(mode),
    onSuccess: (answer) => {
      queryClient.setQueryData(adminQueries.settings().queryKey, answer);
      void queryClient.invalidateQueries({ queryKey: adminQueries.status().queryKey });
      setChosen(null);
      showSuccess(`Регистрация: ${REGISTRATION_NAMES[answer.registration].label.toLowerCase()}.`);
    },
    onError: (e) => showError(failureText(e)),
  });

  const current = settings.data?.registration;
  const value = chosen ?? current;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (value && value !== current) save.mutate(value);
  };

  return (
    <>
      <ScreenHeader
        title="Регистрация"
        description="Кто может создать учётную запись. Экран регистрации сообщает о режиме до заполнения формы."
      />
      {settings.isPending ? (
        <div className="flex max-w-settings flex-col gap-3" role="status" aria-label="Загрузка">
          <Skeleton className="h-16 w-full" />
          <Skeleton className="h-16 w-full" />
          <Skeleton className="h-16 w-full" />
        </div>
      ) : settings.isError ? (
        <LoadError error={settings.error} onRetry={() => void settings.refetch()} />
      ) : (
        <form onSubmit={submit} className="flex max-w-settings flex-col gap-4">
          <fieldset className="flex flex-col gap-2">
            <legend className="sr-only">Режим регистрации</legend>
            {REGISTRATION_MODES.map((mode) => (
              <label
                key={mode}
                className="flex min-h-11 cursor-pointer items-start gap-3 rounded-xl border border-line bg-surface p-4 has-checked:border-accent has-checked:bg-accent-soft"
              >
                <input
                  type="radio"
                  name="registration"
                  value={mode}
                  checked={value === mode}
                  onChange={() => setChosen(mode)}
                  className="mt-1 h-5 w-5 accent-[var(--color-accent)]"
                />
                <span>
                  <span className="block font-medium">
                    {REGISTRATION_NAMES[mode].label}
                    {mode === current ? <span className="ml-2 text-sm font-normal text-fg-muted">(сейчас)</span> : null}
                  </span>
                  <span className="block text-sm text-fg-muted">{REGISTRATION_NAMES[mode].description}</span>
                </span>
              </label>
            ))}
          </fieldset>
          <p className="text-sm text-fg-muted">
            {settings.data.registration_source === 'setting'
              ? `Режим выбран здесь; переменная REGISTRATION (${REGISTRATION_NAMES[settings.data.registration_env].label.toLowerCase()}) не действует.`
              : 'Режим задан переменной REGISTRATION; выбор здесь её заменит.'}{' '}
            Первая учётная запись на пустом сервере создаётся всегда и становится администратором.
          </p>
          <div>
            <Button type="submit" loading={save.isPending} disabled={!value || value === current} className="pointer-coarse:min-h-11">
              Сохранить
            </Button>
          </div>
        </form>
      )}
    </>
  );
}
