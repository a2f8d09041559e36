import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CodeField } from '@/components/ui/code-field';
import { FormAlert } from '@/components/ui/form-alert';

describe('CodeField (issue 27: a wrong code is tied to its field)', () => {
  it('reads as invalid and is described by the form’s alert that refused the code, beside its own hint', () => {
    render(
      <>
        <FormAlert id="refused">Неверный код</FormAlert>
        <CodeField label="Код из SMS" hint="6 цифр" alertId="refused" />
      </>,
    );
    const field = screen.getByRole('textbox', { name: 'Код из SMS' });
    expect(field.getAttribute('aria-invalid')).toBe('true');
    const ids = field.getAttribute('aria-describedby')?.split(' ') ?? [];
    expect(ids).toContain('refused');
    expect(ids.map((id) => document.getElementById(id)?.textContent)).toEqual(['Неверный код', '6 цифр']);
  });

  it('is not invalid while nothing was refused', () => {
    render(<CodeField label="Код из SMS" />);
    expect(screen.getByRole('textbox', { name: 'Код из SMS' }).getAttribute('aria-invalid')).toBeNull();
  });
});
