import { Tab, TabGroup, TabList, TabPanel, TabPanels } from '@headlessui/react';
import type { ReactNode } from 'react';

const TAB =
  'flex-1 rounded-md px-3 py-2 text-sm font-medium text-fg-muted transition-colors hover:text-fg data-selected:bg-surface data-selected:text-accent-text data-selected:shadow-card';

/** Segmented tabs: a few views of one thing (sign in by e-mail or by phone); arrow keys move between the tabs. */
export function Tabs({ label, tabs }: { label: string; tabs: ReadonlyArray<{ title: string; content: ReactNode }> }) {
  return (
    <TabGroup>
      <TabList aria-label={label} className="mb-4 flex gap-1 rounded-lg bg-surface-2 p-1">
        {tabs.map((t) => (
          <Tab key={t.title} className={TAB}>
            {t.title}
          </Tab>
        ))}
      </TabList>
      <TabPanels>
        {tabs.map((t) => (
          <TabPanel key={t.title}>{t.content}</TabPanel>
        ))}
      </TabPanels>
    </TabGroup>
  );
}
