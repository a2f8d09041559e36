import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Provider as JotaiProvider } from 'jotai';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// Only the network is faked: the real ky client with its hooks, the fallbacks, the hooks, the
// error mapping and the snackbar. Node's Request needs an absolute prefix.
vi.mock('@/lib/api/client', async () => {
  const { accessOnlyTokens, realApiClient } = await import('../../../support/api-client');
  return realApiClient(accessOnlyTokens(() => 'access-1'));
});

import { EditMediaDialog } from '@/components/media/item/edit-media-dialog';
import { SnackbarHost } from '@/components/ui/snackbar-host';
import { json, nextAnswer, stubFetch } from '../../../support/api-client';
import { audioRecord } from '../../../support/media-records';

interface Seen {
  method: string;
  path: string;
  contentType: string | null;
  body: string;
}

let seen: Seen[] = [];
let answers: Array<(s: Seen) => Response | Promise<Response>> = [];

const record = audioRecord(5, { title: 'Старое', duration: 3, created_at: '2025-01-01' });

function renderDialog() {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  const onClose = vi.fn();
  render(
    // A store of its own per test, so no snackbar is left over from the one before.
    <JotaiProvider>
      <QueryClientProvider client={client}>
        <EditMediaDialog kind="audio" record={record} onClose={onClose} />
        <SnackbarHost />
      </QueryClientProvider>
    </JotaiProvider>,
  );
  return { onClose };
}

function saveTitle(title: string) {
  fireEvent.change(screen.getByLabelText('Название'), { target: { value: title } });
  fireEvent.click(screen.getByRole('button', { name: 'Сохранить' }));
}

let warn: ReturnType<typeof vi.spyOn>;

beforeEach(() => {
  seen = [];
  answers = [];
  warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  vi.spyOn(console, 'info').mockImplementation(() => undefined);
  stubFetch(async (req) => {
    const s: Seen = {
      method: req.method,
      path: new URL(req.url).pathname,
      contentType: req.headers.get('Content-Type'),
      body: await req.text(),
    };
    seen.push(s);
    return nextAnswer(answers, s);
  });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('editing a recording', () => {
  it("an edit the server refuses with 400 is one PATCH, and the snackbar shows the server's Russian message without attempts", async () => {
    answers = [() => json(400, { title: ['Убедитесь, что это значение содержит не более 255 символов.'] })];
    const { onClose } = renderDialog();
    saveTitle('Новое название');

    const alert = await screen.findByTestId('snackbar-error');
    expect(alert.textContent).toBe('Ошибка при обновлении записи: Убедитесь, что это значение содержит не более 255 символов.');
    expect(alert.textContent).not.toContain('попытки');
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({ method: 'PATCH', path: '/api/media/audio/5/' });
    expect(seen[0]!.contentType).toContain('application/json');
    expect(JSON.parse(seen[0]!.body)).toEqual({ title: 'Новое название', description: '' });
    expect(onClose).not.toHaveBeenCalled();
    // The attempt list is for developers: it goes to the console.
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('PATCH JSON — 400'));
  });

  it('an edit that gets through is one JSON PATCH', async () => {
    answers = [() => json(200, { id: 5, title: 'Новое', description: '' })];
    const { onClose } = renderDialog();
    saveTitle('Новое');
    expect((await screen.findByTestId('snackbar-success')).textContent).toBe('Запись успешно обновлена');
    expect(seen.map((s) => s.method)).toEqual(['PATCH']);
    expect(seen[0]!.contentType).toContain('application/json');
    expect(onClose).toHaveBeenCalled();
  });

  it('only a request that does not get through (no answer, 405 on the way) takes the fallbacks, and people see the success', async () => {
    answers = [
      () => Promise.reject(new TypeError('Failed to fetch')),
      () => json(405, null),
      () => json(200, { id: 5, title: 'Новое', description: '' }),
    ];
    renderDialog();
    saveTitle('Новое');
    expect((await screen.findByTestId('snackbar-success')).textContent).toBe('Запись успешно обновлена');
    expect(seen.map((s) => s.method)).toEqual(['PATCH', 'PATCH', 'PATCH']);
    expect(seen[1]!.contentType).toContain('application/x-www-form-urlencoded');
    expect(seen[2]!.contentType).toContain('multipart/form-data');
  });

  it('when no way gets through, the snackbar says so in words, not as a list of attempts', async () => {
    answers = Array.from({ length: 7 }, () => () => Promise.reject(new TypeError('Failed to fetch')));
    renderDialog();
    saveTitle('Новое');
    await waitFor(() =>
      expect(screen.getByTestId('snackbar-error').textContent).toBe('Ошибка при обновлении записи: нет соединения с сервером'),
    );
    expect(seen).toHaveLength(7);
  });
});
