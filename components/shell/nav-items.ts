export interface NavItem {
  href: string;
  label: string;
}

/** Side drawer items: Home, then Profile, Audio, Photos, Video and the trash when logged in, or Log in, Register for a guest. */
export function navItems(isAuthenticated: boolean): NavItem[] {
  const home = { href: '/', label: 'Главная' };
  return isAuthenticated
    ? [
        home,
        { href: '/profile', label: 'Профиль' },
        { href: '/audio', label: 'Аудио' },
        { href: '/photos', label: 'Фото' },
        { href: '/video', label: 'Видео' },
        { href: '/trash', label: 'Корзина' },
      ]
    : [home, { href: '/login', label: 'Войти' }, { href: '/register', label: 'Регистрация' }];
}
