// The contacts' section of a scene file (scene/scene-file-section.ts): the
// contacts as JSON, each naming its characters by their index in the
// scene's order (as the file's characters are listed, so that ids given on
// opening do not matter) and its bones by name:
//
//   "contacts": [{ "from": { "character": 0, "bone": "hand_r" },
//                  "to": { "character": 1, "bone": "upper_arm_l", "point_bs": [0, 0.05, 0] } }]
//
// check() refuses every field that is wrong, by name: in itself, and against
// the file's characters (made before the sections are checked): a character
// index past them, a bone one lacks, a from bone without a goal. apply()
// checks again as it replaces the contacts (all before any changes).
import { MAX_CHARACTERS } from '../scene/scene.js';
import { MAX_CONTACTS, type Vec3, checkPoint } from '../scene/contacts.js';
import type { SceneFileCharacters, SceneFileSection } from '../scene/scene-file-section.js';
import type { PoseEditor } from './pose-editor.js';
import type { SceneContacts } from './scene-contacts.js';

export interface ContactJson {
  from: { character: number; bone: string };
  to: { character: number; bone: string; point_bs: Vec3 };
}

/** Longest bone name a file may give (a glTF joint's name is rarely past a hundred). */
const MAX_BONE_NAME = 256;

function objectAt(value: unknown, path: string): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new Error(`${path} must be an object`);
  return value as Record<string, unknown>;
}

function onlyKeys(record: Record<string, unknown>, keys: readonly string[], path: string): void {
  for (const key of Object.keys(record)) if (!keys.includes(key)) throw new Error(`${path}.${key} is not a field of a contact (its fields: ${keys.join(', ')})`);
}

function characterAt(value: unknown, path: string): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0 || value >= MAX_CHARACTERS) throw new Error(`${path} must be a character's index in the scene, 0..${MAX_CHARACTERS - 1} (got ${JSON.stringify(value)})`);
  return value;
}

function boneAt(value: unknown, path: string): string {
  if (typeof value !== 'string' || value.length === 0 || value.length > MAX_BONE_NAME) throw new Error(`${path} must be a bone's name (1..${MAX_BONE_NAME} characters)`);
  return value;
}

/** The contacts checked against the file's characters (in the scene's order); throws naming the first wrong field. */
function checkAgainst(contacts: readonly ContactJson[], path: string, characters: SceneFileCharacters): void {
  const list = [...characters.values()];
  contacts.forEach((c, k) => {
    for (const end of ['from', 'to'] as const) {
      const { character, bone } = c[end];
      const at = `${path}[${k}].${end}`;
      const made = list[character];
      if (made === undefined) throw new Error(`${at}.character = ${character}: the scene has ${list.length} characters`);
      if (!made.bones.includes(bone)) throw new Error(`${at}.bone '${bone}' is no bone of character ${character} (${made.name})`);
      if (end === 'from' && !made.goals.includes(bone)) throw new Error(`${at}.bone '${bone}' has no goal on character ${character} (${made.name}); its goals are ${made.goals.join(', ')}`);
    }
  });
}

/**
 * `value` as the contacts of a scene file, every field checked (and, given
 * the file's characters, checked against them); throws naming the first
 * wrong one under `path`.
 */
export function checkContactsJson(value: unknown, path: string, characters?: SceneFileCharacters): ContactJson[] {
  if (!Array.isArray(value)) throw new Error(`${path} must be an array of contacts`);
  if (value.length > MAX_CONTACTS) throw new Error(`${path} holds ${value.length} contacts; a scene holds at most ${MAX_CONTACTS}`);
  const checked = value.map((item, k): ContactJson => {
    const at = `${path}[${k}]`;
    const contact = objectAt(item, at);
    onlyKeys(contact, ['from', 'to'], at);
    const from = objectAt(contact.from, `${at}.from`);
    onlyKeys(from, ['character', 'bone'], `${at}.from`);
    const to = objectAt(contact.to, `${at}.to`);
    onlyKeys(to, ['character', 'bone', 'point_bs'], `${at}.to`);
    const fromCharacter = characterAt(from.character, `${at}.from.character`);
    const toCharacter = characterAt(to.character, `${at}.to.character`);
    if (toCharacter === fromCharacter) throw new Error(`${at}.to.character is the from character (${fromCharacter}): a contact ties two characters`);
    return {
      from: { character: fromCharacter, bone: boneAt(from.bone, `${at}.from.bone`) },
      to: { character: toCharacter, bone: boneAt(to.bone, `${at}.to.bone`), point_bs: checkPoint(to.point_bs, `${at}.to.point_bs`) },
    };
  });
  checked.forEach((c, k) => {
    const first = checked.findIndex((d) => d.from.character === c.from.character && d.from.bone === c.from.bone);
    if (first !== k) throw new Error(`${path}[${k}].from holds character ${c.from.character}'s '${c.from.bone}', as ${path}[${first}] does already`);
  });
  if (characters !== undefined) checkAgainst(checked, path, characters);
  return checked;
}

/** The section for a page's contacts. */
export function contactsFileSection(editor: PoseEditor, contacts: SceneContacts): SceneFileSection<ContactJson[]> {
  return {
    key: 'contacts',
    save: () => {
      const order = editor.scene.characters.map((c) => c.id);
      return contacts.contacts.map((c) => ({
        from: { character: order.indexOf(c.from.character), bone: c.from.bone },
        to: { character: order.indexOf(c.to.character), bone: c.to.bone, point_bs: [...c.to.point_bs] },
      }));
    },
    check: (value, path, _bytes, characters) => checkContactsJson(value, path, characters),
    apply: (state) => {
      const { characters } = editor.scene;
      const idAt = (index: number, path: string): number => {
        if (index >= characters.length) throw new Error(`${path} = ${index}: the scene has ${characters.length} characters`);
        return characters[index].id;
      };
      const specs = state.map((c, k) => ({
        from: { character: idAt(c.from.character, `scene.contacts[${k}].from.character`), bone: c.from.bone },
        to: { character: idAt(c.to.character, `scene.contacts[${k}].to.character`), bone: c.to.bone, point_bs: c.to.point_bs },
      }));
      contacts.replace(specs, 'scene.contacts');
    },
  };
}
