'use client';

import { lazyScreen } from '@/components/ui/lazy-screen';

/** The registration screen, fetched with everything it uses when the page first draws it. */
export const LazyRegisterForm = lazyScreen(() => import('@/components/auth/register-form').then((m) => m.RegisterForm));
