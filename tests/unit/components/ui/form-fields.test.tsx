import { fireEvent, render, screen } from '@testing-library/react';
import { createRef } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { CloseButton } from '@/components/ui/close-button';
import { CodeField } from '@/components/ui/code-field';
import { FormAlert } from '@/components/ui/form-alert';
import { PasswordField } from '@/components/ui/password-field';
import { PHONE_PLACEHOLDER, PhoneField } from '@/components/ui/phone-field';

describe('typed form fields', () => {
  it('a code field asks for digits, offers the code from the message and stops at six', () => {
    render(<CodeField label="Код из SMS" />);
    const input = screen.getByRole('textbox', { name: 'Код из SMS' });
    expect(input.getAttribute('inputmode')).toBe('numeric');
    expect(input.getAttribute('autocomplete')).toBe('one-time-code');
    expect(input.getAttribute('maxlength')).toBe('6');
  });

  it('a password field is hidden and tells managers whether it is the current or a new password', () => {
    render(
      <>
        <PasswordField label="Текущий пароль" />
        <PasswordField label="Новый пароль" fresh />
      </>,
    );
    const current = screen.getByLabelText('Текущий пароль');
    const fresh = screen.getByLabelText('Новый пароль');
    expect(current.getAttribute('type')).toBe('password');
    expect(current.getAttribute('autocomplete')).toBe('current-password');
    expect(fresh.getAttribute('autocomplete')).toBe('new-password');
  });

  it('a phone field shows the +7 placeholder, forwards its ref and describes itself by its hint and error', () => {
    const ref = createRef<HTMLInputElement>();
    render(<PhoneField ref={ref} label="Телефон" hint="Телефон подтверждён" error="Обязательное поле" />);
    const input = screen.getByRole('textbox', { name: 'Телефон' });
    expect(ref.current).toBe(input);
    expect(input.getAttribute('type')).toBe('tel');
    expect(input.getAttribute('placeholder')).toBe(PHONE_PLACEHOLDER);
    const described = (input.getAttribute('aria-describedby') ?? '').split(' ').map((id) => document.getElementById(id)?.textContent);
    expect(described).toEqual(['Обязательное поле', 'Телефон подтверждён']);
    expect(input.getAttribute('aria-invalid')).toBe('true');
  });
});

describe('small pieces', () => {
  it('the close button has a spoken name and calls back', () => {
    const onClick = vi.fn();
    render(<CloseButton label="Закрыть меню" onClick={onClick} />);
    fireEvent.click(screen.getByRole('button', { name: 'Закрыть меню' }));
    expect(onClick).toHaveBeenCalledOnce();
  });

  it('form alerts announce errors at once and other news politely', () => {
    render(
      <>
        <FormAlert>Сбой</FormAlert>
        <FormAlert kind="info">Код отправлен</FormAlert>
      </>,
    );
    expect(screen.getByRole('alert').textContent).toBe('Сбой');
    expect(screen.getByRole('status').textContent).toBe('Код отправлен');
  });
});
