// The lint's cycle rule (eslint.config.mjs): no module imports one whose imports lead back to it, counting
// `import type` too. import-x/no-cycle skips type-only imports and has no option to count them, but a ring
// held together by types is still a tangle to read: it says two modules are one, or that a type sits in the
// wrong file. Imports are read with TypeScript's pre-processor (the same list tsc follows), once per file
// and run; only the repository's own modules count (relative paths and the `@/` alias of tsconfig.app.json).
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const ROOT = path.dirname(path.dirname(new URL(import.meta.url).pathname));
const EXTENSIONS = ['', '.ts', '.tsx', '.mjs', '.js', '/index.ts', '/index.tsx'];

/** @type {Map<string, string[]>} a module's own imports, resolved to files */
const importsOf = new Map();

/** @param {string} file */
const isFile = (file) => existsSync(file) && statSync(file).isFile();

/**
 * The file `spec` names from `from`, or null for a package or a module outside the repository.
 * @param {string} from
 * @param {string} spec
 * @returns {string | null}
 */
function resolve(from, spec) {
  /** @type {string} */
  let base;
  if (spec.startsWith('@/')) base = path.join(ROOT, spec.slice(2));
  else if (spec.startsWith('.')) base = path.resolve(path.dirname(from), spec);
  else return null;
  for (const ext of EXTENSIONS) if (isFile(base + ext)) return base + ext;
  return null;
}

/**
 * @param {string} file
 * @returns {string[]}
 */
function imports(file) {
  let found = importsOf.get(file);
  if (!found) {
    const info = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
    found = [...new Set(info.importedFiles.map((i) => resolve(file, i.fileName)).filter((f) => f !== null))];
    importsOf.set(file, found);
  }
  return found;
}

/**
 * The shortest chain of imports from `start` back to `target` (both included), or null when there is none.
 * @param {string} start
 * @param {string} target
 * @returns {string[] | null}
 */
function pathBack(start, target) {
  /** @type {Map<string, string | null>} */
  const cameFrom = new Map([[start, null]]);
  const queue = [start];
  while (queue.length) {
    const file = /** @type {string} */ (queue.shift());
    for (const next of imports(file)) {
      if (next === target) {
        const chain = [target, file];
        for (let f = cameFrom.get(file); f; f = cameFrom.get(f)) chain.push(f);
        return chain.reverse();
      }
      if (!cameFrom.has(next)) {
        cameFrom.set(next, file);
        queue.push(next);
      }
    }
  }
  return null;
}

/** @type {import('eslint').Rule.RuleModule} */
const noImportCycle = {
  meta: {
    type: 'problem',
    docs: { description: 'Forbid an import whose module imports this one back, type-only imports included.' },
    schema: [],
    messages: { cycle: 'Import cycle: {{chain}}' },
  },
  create(context) {
    const file = context.physicalFilename;
    if (!path.isAbsolute(file) || !isFile(file)) return {};
    /** @param {import('estree').ImportDeclaration | import('estree').ExportNamedDeclaration | import('estree').ExportAllDeclaration | import('estree').ImportExpression} node */
    const check = (node) => {
      const spec = node.source && 'value' in node.source ? node.source.value : undefined;
      if (typeof spec !== 'string') return;
      const target = resolve(file, spec);
      if (!target || target === file) return;
      const chain = pathBack(target, file);
      if (chain)
        context.report({ node, messageId: 'cycle', data: { chain: [file, ...chain].map((f) => path.relative(ROOT, f)).join(' → ') } });
    };
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};

export const importCycles = { rules: { 'no-import-cycle': noImportCycle } };
