'use client';

import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-alert';
import { Spinner } from '@/components/ui/spinner';
import { useSignInWays, useUnlinkProvider } from '@/hooks/use-sign-in-ways';
import { useSnackbar } from '@/hooks/use-snackbar';
import { ApiError, dataText } from '@/lib/api/api-error';
import type { ProviderId } from '@/lib/api/oauth';
import { ProfileSection } from '@/components/ui/section';

const LABELS: Record<ProviderId, string> = { vkid: 'VK ID', yandex: 'Яндекс ID' };
const date = new Intl.DateTimeFormat('ru-RU', { day: 'numeric', month: 'long', year: 'numeric' });

/** «Вход через VK ID и Яндекс ID»: the linked providers, each unlinked unless it is the last way in. */
export function LinkedProviders() {
  const ways = useSignInWays();
  const unlink = useUnlinkProvider();
  const snackbar = useSnackbar();
  const [error, setError] = useState<string | null>(null);

  const doUnlink = async (provider: ProviderId) => {
    setError(null);
    try {
      await unlink.mutateAsync(provider);
      snackbar.showSuccess(`${LABELS[provider]} отвязан`);
    } catch (e) {
      setError(e instanceof ApiError ? (dataText(e.data) ?? 'Не удалось отвязать') : 'Не удалось отвязать');
    }
  };

  return (
    <ProfileSection id="linked-providers-title" title="Вход через VK ID и Яндекс ID">
      {ways.isPending ? (
        <Spinner className="h-5 w-5" label="Загрузка…" />
      ) : ways.isError ? (
        <FormAlert>Не удалось загрузить способы входа</FormAlert>
      ) : (
        <div className="flex flex-col gap-3">
          {error ? <FormAlert>{error}</FormAlert> : null}
          {ways.data.providers.length ? (
            <ul className="divide-y divide-line" aria-label="Привязанные аккаунты">
              {ways.data.providers.map((p) => (
                <li key={p.provider} className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between">
                  <div className="text-sm">
                    <p className="font-medium text-fg">{LABELS[p.provider]}</p>
                    <p className="text-fg-muted">
                      {p.email ? `${p.email} · ` : ''}привязан {date.format(new Date(p.created_at))}
                    </p>
                  </div>
                  <Button
                    variant="secondary"
                    loading={unlink.isPending && unlink.variables === p.provider}
                    onClick={() => void doUnlink(p.provider)}
                  >
                    Отвязать {LABELS[p.provider]}
                  </Button>
                </li>
              ))}
            </ul>
          ) : (
            <p className="text-sm text-fg-muted">Не привязаны. Войдите через VK ID или Яндекс на странице входа, чтобы привязать.</p>
          )}
          {ways.data.has_password ? null : (
            <p className="text-sm text-fg-muted">Пароль не задан: задайте его по ссылке «Забыли пароль?» на странице входа.</p>
          )}
        </div>
      )}
    </ProfileSection>
  );
}
