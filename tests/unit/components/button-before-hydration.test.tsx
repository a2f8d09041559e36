import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Button } from '@/components/ui/button';

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
