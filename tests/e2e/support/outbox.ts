import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect } from '@playwright/test';

const outboxDir = () => path.resolve(process.env.E2E_DATA_DIR ?? '.tmp/e2e-data', 'outbox');

/** The newest outbox message (e-mail .eml or SMS .txt) addressed to `to`, polled until it arrives. */
export async function lastMessageTo(to: string, opts: { after?: number; timeout?: number } = {}): Promise<string> {
  let found = '';
  await expect
    .poll(
      () => {
        let files: string[];
        try {
          files = readdirSync(outboxDir()).sort();
        } catch {
          return '';
        }
        for (const f of files.reverse()) {
          const full = path.join(outboxDir(), f);
          const text = readFileSync(full, 'utf8');
          const toLine = /^To:\s*(.+)$/im.exec(text)?.[1] ?? '';
          if (toLine.toLowerCase().includes(to.toLowerCase()) && (!opts.after || f > String(opts.after))) {
            found = text;
            return text;
          }
        }
        return '';
      },
      { timeout: opts.timeout ?? 10_000, message: `no outbox message to ${to}` },
    )
    .not.toBe('');
  return found;
}

export async function lastCodeTo(to: string, opts: { after?: number } = {}): Promise<string> {
  const text = await lastMessageTo(to, opts);
  const code = /\b(\d{6})\b/.exec(
    text
      .split(/\r?\n\r?\n/)
      .slice(1)
      .join('\n'),
  )?.[1];
  expect(code, 'a 6-digit code in the message').toBeTruthy();
  return code!;
}

export async function lastResetLinkTo(to: string, opts: { after?: number } = {}): Promise<string> {
  const text = await lastMessageTo(to, opts);
  const link = /https?:\/\/\S*\/reset-password\/?\?token=[\w%-]+/.exec(text)?.[0];
  expect(link, 'a reset link in the message').toBeTruthy();
  return link!;
}
