import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Button } from '@/components/ui/button';
import { Tabs } from '@/components/ui/tabs';

// The exported HTML is the server render: what it draws is on screen before the app's code runs.
const drawn = (el: React.ReactElement) => renderToString(el);

describe('a button drawn into the exported page', () => {
  it('waits while only code could answer its press: a submit, or a button with a handler', () => {
    expect(drawn(<Button type="submit">Войти</Button>)).toMatch(/disabled=""/);
    expect(drawn(<Button onClick={() => undefined}>VK ID</Button>)).toMatch(/disabled=""/);
  });

  it('is not held back when nothing waits on code', () => {
    expect(drawn(<Button>Просто кнопка</Button>)).not.toMatch(/disabled=""/);
  });
});

describe('tabs drawn into the exported page', () => {
  it('show the first tab, and hold the others until the app can switch to them', () => {
    const html = drawn(
      <Tabs
        label="Способ входа"
        tabs={[
          { title: 'Email', content: 'почта' },
          { title: 'Телефон', content: 'телефон' },
        ]}
      />,
    );
    const tabs = html.match(/<button[^>]*role="tab"[^>]*>/g) ?? [];
    expect(tabs).toHaveLength(2);
    expect(tabs[0]).not.toMatch(/disabled=""/);
    expect(tabs[1]).toMatch(/disabled=""/);
    expect(html).toContain('почта');
  });
});
