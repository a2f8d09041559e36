import { Tab, TabGroup, TabList, TabPanel, TabPanels } from '@headlessui/react';
import type { ReactNode } from 'react';

const tabClass =
  'flex-1 rounded-md px-3 py-2 text-sm font-medium text-slate-700 data-[selected]:bg-white data-[selected]:text-brand-700 data-[selected]:shadow';

/** The e-mail / phone choice of the sign-in and recovery screens; arrow keys move between the two tabs. */
export function MethodTabs({ label, email, phone }: { label: string; email: ReactNode; phone: ReactNode }) {
  return (
    <TabGroup>
      <TabList aria-label={label} className="mb-4 flex gap-1 rounded-lg bg-slate-100 p-1">
        <Tab className={tabClass}>Email</Tab>
        <Tab className={tabClass}>Телефон</Tab>
      </TabList>
      <TabPanels>
        <TabPanel>{email}</TabPanel>
        <TabPanel>{phone}</TabPanel>
      </TabPanels>
    </TabGroup>
  );
}
