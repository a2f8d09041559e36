import type { ReactNode } from 'react';
import { Tabs } from '@/components/ui/tabs';

/** The e-mail / phone choice of the sign-in and recovery screens; arrow keys move between the two tabs. */
export function MethodTabs({ label, email, phone }: { label: string; email: ReactNode; phone: ReactNode }) {
  return (
    <Tabs
      label={label}
      tabs={[
        { title: 'Email', content: email },
        { title: 'Телефон', content: phone },
      ]}
    />
  );
}
