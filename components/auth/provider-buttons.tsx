'use client';

import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { useSignInProviders } from '@/hooks/use-sign-in-ways';
import { useSnackbar } from '@/hooks/use-snackbar';
import { oauthQueries, providerStartUrl, type ProviderId, type ProvidersAvailable } from '@/lib/api/oauth';

const PROVIDERS: { id: ProviderId; label: string; notConnected: string; notAvailable: string }[] = [
  { id: 'vkid', label: 'VK ID', notConnected: 'Вход через VK ID пока не подключен', notAvailable: 'Вход через VK ID пока недоступен' },
  { id: 'yandex', label: 'Яндекс', notConnected: 'Вход через Яндекс пока не подключен', notAvailable: 'Вход через Яндекс пока недоступен' },
];

/**
 * The login screen's «VK ID» and «Яндекс» buttons. A provider the operator switched on starts its
 * sign-in (the server sends the browser on to it); one that is off does what the spec has it do — a
 * console line — and says in a snackbar that this sign-in is not available yet. A press that comes
 * before the server said which are on waits for that answer (the button shows it is working) rather
 * than calling a switched-on provider unavailable.
 */
export function ProviderButtons() {
  const providers = useSignInProviders();
  const queryClient = useQueryClient();
  const snackbar = useSnackbar();
  const [waiting, setWaiting] = useState<ProviderId | null>(null);

  const press = async (p: (typeof PROVIDERS)[number]) => {
    let available: ProvidersAvailable | undefined = providers.data;
    if (!available) {
      setWaiting(p.id);
      try {
        available = await queryClient.fetchQuery(oauthQueries.providers());
      } catch {
        available = undefined;
      } finally {
        setWaiting(null);
      }
    }
    if (available?.[p.id]) {
      window.location.assign(providerStartUrl(p.id));
      return;
    }
    console.log(p.notConnected);
    snackbar.showError(p.notAvailable);
  };

  return (
    <div className="flex flex-col gap-2 sm:flex-row">
      {PROVIDERS.map((p) => (
        <Button key={p.id} variant="secondary" fullWidth loading={waiting === p.id} onClick={() => void press(p)}>
          {p.label}
        </Button>
      ))}
    </div>
  );
}
