// The contacts block of a scene link (version 5 of scene-link.ts: version 4
// and this after the characters). A contact names its characters by their
// index in the link and its bones by their index in those characters'
// rigs, so that the block is a few bytes; applying it maps them back to the
// page's characters and bone names (share-scene.ts).
//
//   u8 contact count (1..MAX_CONTACTS)
//   per contact: u8 from character index, u16 from bone (its goal's bone),
//     u8 to character index, u16 to bone, 3 x f32 the point in that bone's frame
import { MAX_CONTACTS, MAX_POINT_DISTANCE } from '../scene/contacts.js';
import { type ByteReader, type ByteWriter, MalformedInput } from './byte-io.js';

export interface LinkContact {
  from: { character: number; bone: number };
  to: { character: number; bone: number; point_bs: [number, number, number] };
}

export function writeContacts(out: ByteWriter, contacts: readonly LinkContact[]): void {
  out.u8(contacts.length);
  for (const { from, to } of contacts) {
    out.u8(from.character);
    out.u16(from.bone);
    out.u8(to.character);
    out.u16(to.bone);
    for (const v of to.point_bs) out.f32(v);
  }
}

export function readContacts(input: ByteReader): LinkContact[] {
  const count = input.u8();
  // Checked before the contacts are read so that a forged count reads nothing.
  if (count < 1 || count > MAX_CONTACTS) throw new MalformedInput(`contact count ${count} is not within 1..${MAX_CONTACTS}`);
  const contacts: LinkContact[] = [];
  for (let k = 0; k < count; k++) {
    const from = { character: input.u8(), bone: input.u16() };
    const to = { character: input.u8(), bone: input.u16(), point_bs: [input.f32(), input.f32(), input.f32()] as [number, number, number] };
    contacts.push({ from, to });
  }
  return contacts;
}

/** What is wrong with a link's contacts for characters of `boneCounts` bones (in link order), or null. */
export function contactsProblem(contacts: readonly LinkContact[], boneCounts: readonly number[]): string | null {
  if (contacts.length < 1 || contacts.length > MAX_CONTACTS) return `contact count ${contacts.length} is not within 1..${MAX_CONTACTS}`;
  for (const [k, { from, to }] of contacts.entries()) {
    for (const [end, name] of [[from, 'from'], [to, 'to']] as const) {
      if (!Number.isInteger(end.character) || end.character < 0 || end.character >= boneCounts.length) return `contact ${k}: ${name} character ${end.character} out of range (${boneCounts.length} characters)`;
      if (!Number.isInteger(end.bone) || end.bone < 0 || end.bone >= boneCounts[end.character]) return `contact ${k}: ${name} bone ${end.bone} out of range (character ${end.character} has ${boneCounts[end.character]} bones)`;
    }
    if (from.character === to.character) return `contact ${k} ties character ${from.character} to itself`;
    const p = to.point_bs;
    if (p.length !== 3 || !p.every((v) => Number.isFinite(v))) return `contact ${k}: its point is not three finite numbers`;
    if (Math.hypot(p[0], p[1], p[2]) > MAX_POINT_DISTANCE) return `contact ${k}: its point is farther than ${MAX_POINT_DISTANCE} from its bone's joint`;
  }
  return null;
}
