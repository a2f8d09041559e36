import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

const server = vi.hoisted(() => ({
  release: (_value: unknown): void => undefined,
  providers: null as Promise<unknown> | null,
}));

// Only the HTTP call is faked: the server's answer on which providers are on comes when the test says.
vi.mock('@/lib/api/client', async (importOriginal) => {
  const real = await importOriginal<typeof import('@/lib/api/client')>();
  return { ...real, api: { get: () => ({ json: () => server.providers }) } };
});

import { ProviderButtons } from '@/components/auth/provider-buttons';
import { SnackbarHost } from '@/components/ui/snackbar-host';

const assign = vi.fn();

function renderButtons() {
  server.providers = new Promise((resolve) => (server.release = resolve));
  vi.stubGlobal('location', { ...window.location, assign });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <ProviderButtons />
      <SnackbarHost />
    </QueryClientProvider>,
  );
}

afterEach(() => {
  cleanup();
  assign.mockReset();
  vi.unstubAllGlobals();
});

describe('the provider buttons on the login page', () => {
  it('a press before the server said which providers are on waits for that answer, then starts the sign-in', async () => {
    renderButtons();
    const yandex = screen.getByRole('button', { name: 'Яндекс' });
    fireEvent.click(yandex);
    expect(yandex.getAttribute('aria-busy')).toBe('true');
    expect(screen.queryByText('Вход через Яндекс пока недоступен')).toBeNull();

    server.release({ vkid: true, yandex: true });
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/api/auth/oauth/yandex/start/'));
    expect(screen.queryByText('Вход через Яндекс пока недоступен')).toBeNull();
  });

  it('a provider that is off says so once the answer is in, and starts nothing', async () => {
    renderButtons();
    fireEvent.click(screen.getByRole('button', { name: 'VK ID' }));
    server.release({ vkid: false, yandex: true });
    expect(await screen.findByText('Вход через VK ID пока недоступен')).toBeTruthy();
    expect(assign).not.toHaveBeenCalled();
  });
});
