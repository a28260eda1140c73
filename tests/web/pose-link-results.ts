// Reading decodePoseLink's result in tests: the state of a link that must
// decode, or the error of one that must be refused.
import { type PoseLinkState, decodePoseLink } from '../../web/src/share/pose-link.js';

export function decodeOk(text: string): PoseLinkState {
  const result = decodePoseLink(text);
  if (!result.ok) throw new Error(`expected a state, got: ${result.error}`);
  return result.state;
}

export function errorOf(text: string): string {
  const result = decodePoseLink(text);
  if (result.ok) throw new Error('expected an error, got a state');
  return result.error;
}
