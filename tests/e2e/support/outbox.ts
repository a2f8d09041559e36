import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect } from '@playwright/test';

const outboxDir = () => path.resolve(process.env.E2E_DATA_DIR ?? '.tmp/e2e-data', 'outbox');

/**
 * The newest outbox message (e-mail .eml or SMS .txt) addressed to `to` and, with `matching`, whose text matches it,
 * polled until it arrives. `matching` matters when another message to the same address may still be on its way:
 * the notice of a changed password can land after the reset link asked for next, or before it.
 */
export async function lastMessageTo(to: string, opts: { after?: number; timeout?: number; matching?: RegExp } = {}): Promise<string> {
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
          if (
            toLine.toLowerCase().includes(to.toLowerCase()) &&
            (!opts.after || f > String(opts.after)) &&
            (!opts.matching || opts.matching.test(text))
          ) {
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

/** Six digits in the body (after the headers' blank line). */
const CODE = /\r?\n\r?\n[\s\S]*\b\d{6}\b/;
const RESET_LINK = /https?:\/\/\S*\/reset-password\/?\?token=[\w%-]+/;

export async function lastCodeTo(to: string, opts: { after?: number } = {}): Promise<string> {
  const text = await lastMessageTo(to, { ...opts, matching: CODE });
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
  const text = await lastMessageTo(to, { ...opts, matching: RESET_LINK });
  const link = RESET_LINK.exec(text)?.[0];
  expect(link, 'a reset link in the message').toBeTruthy();
  return link!;
}
