'use client';

import { prerenderedScreen } from '@/components/ui/prerendered-screen';

/** The sign-in screen, drawn into the exported page; its code comes apart from the page (prerenderedScreen). */
export const LazyLoginForm = prerenderedScreen(() => import('@/components/auth/login-form').then((m) => m.LoginForm));
