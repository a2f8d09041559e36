'use client';

import { lazyScreen } from '@/components/ui/lazy-screen';

/** The sign-in screen, fetched with everything it uses when the page first draws it. */
export const LazyLoginForm = lazyScreen(() => import('@/components/auth/login-form').then((m) => m.LoginForm));
