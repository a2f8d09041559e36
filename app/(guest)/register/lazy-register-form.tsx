'use client';

import { prerenderedScreen } from '@/components/ui/prerendered-screen';

/** The registration screen, drawn into the exported page; its code comes apart from the page (prerenderedScreen). */
export const LazyRegisterForm = prerenderedScreen(() => import('@/components/auth/register-form').then((m) => m.RegisterForm));
