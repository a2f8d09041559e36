import { Tab, TabGroup, TabList, TabPanel, TabPanels } from '@headlessui/react';
import type { ReactNode } from 'react';
import { useHydrated } from '@/hooks/use-hydrated';

const TAB =
  'flex-1 rounded-md px-3 py-2 text-sm font-medium text-fg-muted transition-colors hover:text-fg data-selected:bg-surface data-selected:text-accent-text data-selected:shadow-card';

/** Segmented tabs: a few views of one thing (sign in by e-mail or by phone); arrow keys move between the tabs. */
export function Tabs({
  label,
  tabs,
  listClassName = '',
}: {
  label: string;
  tabs: ReadonlyArray<{ title: string; content: ReactNode }>;
  /** The tab row's width where it should not span the page (`sm:max-w-md`). */
  listClassName?: string;
}) {
  // Drawn into the exported page, the tabs show before their code runs; a press then would be lost, so the
  // other tabs wait (disabled) until it does. The first stays enabled: it is the one shown.
  const hydrated = useHydrated();
  // Until its tabs register, Headless UI puts a focusable button marked aria-hidden before the group (its
  // focus sentinel), and it is in the exported HTML: a keyboard user would land on an invisible, unnamed
  // button, and axe reports it (aria-hidden-focus). Hidden by CSS, which is there before any code runs; the
  // Tab key then reaches the tabs themselves.
  return (
    <div className="[&>button[aria-hidden=true]]:hidden">
      <TabGroup>
        <TabList aria-label={label} className={`mb-4 flex gap-1 rounded-lg bg-surface-2 p-1 ${listClassName}`}>
          {tabs.map((t, i) => (
            <Tab key={i} className={TAB} disabled={!hydrated && i > 0}>
              {t.title}
            </Tab>
          ))}
        </TabList>
        <TabPanels>
          {tabs.map((t, i) => (
            // Not a Tab stop of its own: the panel's fields are (Headless UI makes a panel focusable by default).
            <TabPanel key={i} tabIndex={-1}>
              {t.content}
            </TabPanel>
          ))}
        </TabPanels>
      </TabGroup>
    </div>
  );
}
