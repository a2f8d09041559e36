import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

const server = vi.hoisted(() => ({ calls: [] as { path: string; json: unknown }[] }));

// Only the HTTP call is faked; the dialog, its checks and the contract's messages are real.
vi.mock('@/lib/api/client', async (importOriginal) => {
  const real = await importOriginal<typeof import('@/lib/api/client')>();
  return {
    ...real,
    api: {
      post: (path: string, options: { json: unknown }) => {
        server.calls.push({ path, json: options.json });
        return { json: () => Promise.resolve({ id: 1, url: 'http://localhost:3000/s/#AAAAAAAAAAAAAAAAAAAAAA' }) };
      },
    },
  };
});

import { ShareDialog } from '@/components/shares/share-dialog';

afterEach(() => {
  cleanup();
  server.calls = [];
});

function renderDialog() {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <ShareDialog target={{ kind: 'audio', id: 3 }} name="Песня" onClose={() => undefined} />
    </QueryClientProvider>,
  );
}

describe('«Поделиться»', () => {
  it('says under the field that a link’s password is 4 characters or more, and sends nothing until it is', async () => {
    renderDialog();
    const field = screen.getByLabelText('Пароль (необязательно)');
    fireEvent.change(field, { target: { value: 'абв' } });
    fireEvent.click(screen.getByRole('button', { name: 'Создать ссылку' }));
    expect(await screen.findByText('Пароль ссылки должен содержать минимум 4 символа')).toBeTruthy();
    expect(server.calls).toEqual([]);

    // Typing again takes the message away; four characters are enough.
    fireEvent.change(field, { target: { value: 'абвг' } });
    expect(screen.queryByText('Пароль ссылки должен содержать минимум 4 символа')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Создать ссылку' }));
    await waitFor(() => expect(server.calls).toHaveLength(1));
    expect(server.calls[0]).toMatchObject({ path: 'shares/', json: { password: 'абвг' } });
  });

  it('makes a link with no password at all', async () => {
    renderDialog();
    fireEvent.click(screen.getByRole('button', { name: 'Создать ссылку' }));
    await waitFor(() => expect(server.calls).toHaveLength(1));
    expect(server.calls[0]!.json).toMatchObject({ password: null });
  });
});
