import { execFileSync } from 'node:child_process';
import { chmodSync } from 'node:fs';

/**
 * Makes `dir` refuse every write, as a media folder on a read-only or full disk does, and returns the undo
 * (which does something the first time only).
 * As root (who writes through any file mode) by a read-only bind mount of the folder onto itself, which
 * fails writes with EROFS; otherwise by taking the write permission away (EACCES).
 */
export function makeReadOnly(dir: string): () => void {
  const undo = readOnly(dir);
  let undone = false;
  return () => {
    if (!undone) undo();
    undone = true;
  };
}

function readOnly(dir: string): () => void {
  if (process.getuid?.() !== 0) {
    chmodSync(dir, 0o555);
    return () => chmodSync(dir, 0o755);
  }
  try {
    execFileSync('mount', ['--bind', dir, dir], { stdio: 'pipe' });
    try {
      execFileSync('mount', ['-o', 'remount,ro,bind', dir], { stdio: 'pipe' });
    } catch (err) {
      execFileSync('umount', [dir], { stdio: 'pipe' });
      throw err;
    }
  } catch (err) {
    throw new Error(`could not make ${dir} read-only (a bind mount needs CAP_SYS_ADMIN): ${(err as Error).message}`, { cause: err });
  }
  return () => execFileSync('umount', ['--lazy', dir], { stdio: 'pipe' });
}
