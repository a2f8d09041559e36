/** The spec's six sort orders as the lists name them, in the order offered; the first is the default. */
export const SPEC_SORT_LABELS: readonly string[] = [
  'Сначала новые',
  'Сначала старые',
  'Название А–Я',
  'Название Я–А',
  'Длительность ↑',
  'Длительность ↓',
];
