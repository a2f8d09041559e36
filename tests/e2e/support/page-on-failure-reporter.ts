import { readFileSync } from 'node:fs';
import type { Reporter, TestCase, TestResult } from '@playwright/test/reporter';

const MAX_LINES = 60;

/**
 * Prints, after the run's summary, what each failed test's page showed when it failed: the accessibility snapshot
 * Playwright writes into the test's error-context.md. A CI log is all a failed run leaves to read (the suite
 * records no traces: recording them cost a third of the suite's CPU), and what CI shows of a long log is its
 * end, so the pages go last.
 */
export default class PageOnFailureReporter implements Reporter {
  private readonly pages: string[] = [];

  onTestEnd(test: TestCase, result: TestResult): void {
    if (result.status === 'passed' || result.status === 'skipped') return;
    const context = result.attachments.find((a) => a.name === 'error-context' && a.path);
    if (!context?.path) return;
    let text: string;
    try {
      text = readFileSync(context.path, 'utf8');
    } catch {
      return;
    }
    const snapshot = /```yaml\n([\s\S]*?)```/.exec(text)?.[1];
    if (!snapshot) return;
    const lines = snapshot.trimEnd().split('\n');
    const shown = lines.slice(0, MAX_LINES).join('\n');
    const more = lines.length > MAX_LINES ? `\n… ${lines.length - MAX_LINES} more lines in ${context.path}` : '';
    this.pages.push(`\n▶ the page when «${test.title}» failed:\n${shown}${more}\n`);
  }

  onEnd(): void {
    for (const page of this.pages) console.log(page);
  }

  printsToStdio(): boolean {
    return false;
  }
}
