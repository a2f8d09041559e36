'use client';

import { Button } from '@/components/ui/button';
import { useSignInProviders } from '@/hooks/use-sign-in-ways';
import { useSnackbar } from '@/hooks/use-snackbar';
import { providerStartUrl, type ProviderId } from '@/lib/api/oauth';

const PROVIDERS: { id: ProviderId; label: string; notConnected: string; notAvailable: string }[] = [
  { id: 'vkid', label: 'VK ID', notConnected: 'Вход через VK ID пока не подключен', notAvailable: 'Вход через VK ID пока недоступен' },
  { id: 'yandex', label: 'Яндекс', notConnected: 'Вход через Яндекс пока не подключен', notAvailable: 'Вход через Яндекс пока недоступен' },
];

/**
 * The login screen's «VK ID» and «Яндекс» buttons. A provider the operator switched on starts its
 * sign-in (the server sends the browser on to it); one that is off does what the spec has it do — a
 * console line — and says in a snackbar that this sign-in is not available yet.
 */
export function ProviderButtons() {
  const providers = useSignInProviders();
  const snackbar = useSnackbar();
  return (
    <div className="flex flex-col gap-2 sm:flex-row">
      {PROVIDERS.map((p) => (
        <Button
          key={p.id}
          variant="secondary"
          fullWidth
          onClick={() => {
            if (providers.data?.[p.id]) {
              window.location.assign(providerStartUrl(p.id));
              return;
            }
            console.log(p.notConnected);
            snackbar.showError(p.notAvailable);
          }}
        >
          {p.label}
        </Button>
      ))}
    </div>
  );
}
