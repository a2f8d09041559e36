import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TOP_NAV_LABEL, TopBar } from '@/components/shell/top-bar';

describe('the top bar (issue 27: a navigation landmark is always present)', () => {
  it('is a navigation landmark for a guest too, with the menu toggle and the way home in it', () => {
    render(<TopBar />);
    const nav = screen.getByRole('navigation', { name: TOP_NAV_LABEL });
    expect(nav.querySelector('a[href="/"]')?.textContent).toContain('Копилка');
    expect(nav.querySelector('button[aria-controls="side-drawer"]')).not.toBeNull();
    // Named apart from the sidebar's «Основное меню» and the bottom bar's «Разделы» (axe: landmark-unique).
    expect(TOP_NAV_LABEL).not.toMatch(/^(Основное меню|Разделы)$/);
  });
});
