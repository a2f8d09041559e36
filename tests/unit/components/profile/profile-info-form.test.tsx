import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

const server = vi.hoisted(() => ({
  sent: [] as unknown[],
  answer: (body: Record<string, unknown>): Promise<unknown> => Promise.resolve(body),
}));

// Only the PATCH is faked; the form, its schema, the hook and the error mapping are real.
vi.mock('@/lib/api/client', async (importOriginal) => {
  const real = await importOriginal<typeof import('@/lib/api/client')>();
  return {
    ...real,
    api: {
      patch: (_url: string, opts: { json: Record<string, unknown> }) => {
        server.sent.push(opts.json);
        return { json: () => server.answer(opts.json) };
      },
    },
  };
});

import { ProfileInfoForm } from '@/components/profile/profile-info-form';
import { ApiError } from '@/lib/api/api-error';
import type { User } from '@/lib/auth/types';

const user: User = {
  id: 1,
  email: 'anna@example.com',
  username: 'anna_1',
  first_name: 'Анна',
  last_name: 'Иванова',
  phone: '+79161234567',
  photo_url: null,
  is_active: true,
  is_email_verified: true,
  is_phone_verified: true,
};

const savedUser = (body: Record<string, unknown>) => Promise.resolve({ ...user, ...body, password: undefined });

function renderForm() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <ProfileInfoForm user={user} />
    </QueryClientProvider>,
  );
}

const save = () => fireEvent.click(screen.getByRole('button', { name: 'Сохранить изменения' }));
const passwordField = () => screen.queryByLabelText('Текущий пароль');

afterEach(() => {
  cleanup();
  server.sent = [];
});

describe('profile form: changing the phone asks for the current password', () => {
  it('shows no password field until the phone is edited, and sends names alone without one', async () => {
    server.answer = savedUser;
    renderForm();
    expect(passwordField()).toBeNull();
    fireEvent.change(screen.getByLabelText('Имя'), { target: { value: 'Мария' } });
    expect(passwordField()).toBeNull();
    save();
    await waitFor(() => expect(server.sent).toHaveLength(1));
    expect(server.sent[0]).toEqual({ first_name: 'Мария', last_name: 'Иванова', phone: '+79161234567' });
    // Saved, the button is disabled again: the focus lands on the form's first field, not on <body> (issue 27).
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Имя')));
  });

  it("a changed phone brings a password field that is required ('Обязательное поле'), then sends it", async () => {
    server.answer = savedUser;
    renderForm();
    fireEvent.change(screen.getByLabelText('Телефон'), { target: { value: '+7 (916) 765-43-21' } });
    const field = await screen.findByLabelText('Текущий пароль');
    expect(field.getAttribute('type')).toBe('password');
    expect(field.getAttribute('autocomplete')).toBe('current-password');
    save();
    expect(await screen.findByText('Обязательное поле')).toBeTruthy();
    expect(server.sent).toHaveLength(0);

    fireEvent.change(field, { target: { value: 'my-secret-pass' } });
    save();
    await waitFor(() => expect(server.sent).toHaveLength(1));
    expect(server.sent[0]).toEqual({ first_name: 'Анна', last_name: 'Иванова', phone: '+79167654321', password: 'my-secret-pass' });
  });

  it('asks again when the phone is removed, and not when it is only written differently', async () => {
    renderForm();
    const phone = screen.getByLabelText('Телефон');
    fireEvent.change(phone, { target: { value: '8 (916) 123-45-67' } });
    expect(passwordField()).toBeNull();
    fireEvent.change(phone, { target: { value: '' } });
    expect(await screen.findByLabelText('Текущий пароль')).toBeTruthy();
  });

  it("shows the server's password error at the password field", async () => {
    server.answer = () => Promise.reject(new ApiError(400, { password: ['Неверный пароль'] }));
    renderForm();
    fireEvent.change(screen.getByLabelText('Телефон'), { target: { value: '+79167654321' } });
    fireEvent.change(await screen.findByLabelText('Текущий пароль'), { target: { value: 'wrong-password' } });
    save();
    const message = await screen.findByText('Неверный пароль');
    const field = screen.getByLabelText('Текущий пароль');
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(field.getAttribute('aria-describedby')).toContain(message.id);
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
