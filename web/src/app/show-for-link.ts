// A link for a built-in character that is not on screen shows that
// character first, if it fits the link (its bones); otherwise it says why.
import type { BuiltInCharacter, BuiltInCharacters } from '../import/built-in-characters.js';
import { isLessonId } from '../lessons/lessons.js';
import type { PoseEditor } from '../posing/pose-editor.js';
import { defaultCharacterLinkFits } from '../share/default-character-links.js';
import type { PoseLinkCharacter } from '../share/pose-link.js';

/** What the page's links call with a link's character and bone count: null once it is on screen (or the link's is not built in), else why not. */
export function showForLink(editor: PoseEditor, builtIns: BuiltInCharacters, show: (character: BuiltInCharacter) => void): (character: PoseLinkCharacter, boneCount: number) => string | null {
  return (character, boneCount) => {
    if (character.kind === 'gltf' || (character.kind === 'lesson' && !isLessonId(character.id))) return null;
    const wanted: BuiltInCharacter = character.kind === 'lesson' ? { kind: 'lesson', id: character.id } : { kind: 'default' };
    const shown = editor.source;
    if (shown.kind === wanted.kind && (wanted.kind !== 'lesson' || (shown.kind === 'lesson' && shown.id === wanted.id))) return null;
    const wantedBones = builtIns.boneCount(wanted);
    const label = wanted.kind === 'lesson' ? `lesson '${wanted.id}'` : 'the default character';
    const fits = wanted.kind === 'default' ? defaultCharacterLinkFits(boneCount, wantedBones) : boneCount === wantedBones;
    if (!fits) return `This link is for ${boneCount} bones; ${label} has ${wantedBones}`;
    show(wanted);
    return null;
  };
}
