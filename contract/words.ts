/**
 * Russian counts, shared by the pages and the server's messages: one Intl.PluralRules, so «1 запись»,
 * «2 записи», «5 записей» and «21 запись» read right everywhere. No zod and no other import: both halves
 * load it.
 */

/** The three forms a Russian noun takes after a number: for 1 (and 21…), for 2–4 (and 22…), for 5–20 (and 0). */
export type PluralForms = readonly [one: string, few: string, many: string];

// Made on their first use, not as the module loads: the first of a locale costs a phone 60 ms (lib/lazily.ts).
let madeRules: Intl.PluralRules | undefined;
let madeNumbers: Intl.NumberFormat | undefined;
const rules = () => (madeRules ??= new Intl.PluralRules('ru-RU'));
const numbers = () => (madeNumbers ??= new Intl.NumberFormat('ru-RU', { maximumFractionDigits: 1 }));

/** The noun's form for `n`: `plural(2, ['запись', 'записи', 'записей'])` → «записи». A fraction takes the 2–4 form («1,5 минуты»). */
export function plural(n: number, [one, few, many]: PluralForms): string {
  switch (rules().select(n)) {
    case 'one':
      return one;
    case 'many':
      return many;
    default:
      return few;
  }
}

/**
 * The number and its noun, joined by a no-break space so a line never ends between them:
 * `count(2, ['запись', 'записи', 'записей'])` → «2 записи», `count(2000, …)` → «2 000 записей».
 */
export function count(n: number, forms: PluralForms): string {
  return `${numbers().format(n)}\u00a0${plural(n, forms)}`;
}
