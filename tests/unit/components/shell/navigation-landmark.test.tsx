import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { TOP_NAV_LABEL, TopBar } from '@/components/shell/top-bar';

const router = vi.hoisted(() => ({ prefetch: vi.fn(), push: vi.fn(), replace: vi.fn() }));
vi.mock('next/navigation', () => ({ useRouter: () => router, usePathname: () => '/login' }));

describe('the top bar (issue 27: a navigation landmark is always present)', () => {
  it('is a navigation landmark for a guest too, with the menu toggle and the way home in it', () => {
    render(<TopBar />);
    const nav = screen.getByRole('navigation', { name: TOP_NAV_LABEL });
    expect(nav.querySelector('a[href="/"]')?.textContent).toContain('Копилка');
    expect(nav.querySelector('button[aria-controls="side-drawer"]')).not.toBeNull();
    // Named apart from the sidebar's «Основное меню» and the bottom bar's «Разделы» (axe: landmark-unique).
    expect(TOP_NAV_LABEL).not.toMatch(/^(Основное меню|Разделы)$/);
  });

  it('fetches the home page ahead on intent only: a pointer over the name, a touch, the focus', () => {
    router.prefetch.mockClear();
    render(<TopBar />);
    const home = screen.getByRole('link', { name: 'Копилка' });
    expect(router.prefetch).not.toHaveBeenCalled();
    fireEvent.pointerEnter(home);
    fireEvent.touchStart(home);
    fireEvent.focus(home);
    expect(router.prefetch).toHaveBeenCalledTimes(3);
    expect(router.prefetch).toHaveBeenCalledWith('/');
  });
});
