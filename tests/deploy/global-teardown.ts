import { STATE_FILE } from './support/fixtures.ts';
import { stopFromState } from './support/stack.ts';

/** Whatever a worker started and could not stop itself (it crashed or was killed) is stopped here. */
export default function globalTeardown(): void {
  stopFromState(STATE_FILE);
}
