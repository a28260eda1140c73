// The contacts' members of window.kin (see kin-api.ts): a goal of one
// character held on a point of another's bone (scene/contacts.ts), listed
// and removed. The held bone must be one of its character's goals (the
// hands, feet, hips of the default character; kin.goals() lists them): a
// contact holds a goal the character already has, it adds none, so that
// its solve is the one the character's own handles drive. Plain copies out,
// checked input in; bad input throws naming the field and changes nothing.
import type { SceneContacts } from '../posing/scene-contacts.js';
import type { Vec3 } from './finite-vec3.js';

export interface KinContact {
  id: number;
  /** The character and the goal (by its bone's name) that is held. */
  from: { character: number; bone: string };
  /** The character and bone it is held on, and the point in that bone's frame (metres). */
  to: { character: number; bone: string; point: Vec3 };
  /** How far the goal is from its point now (metres). */
  distance: number;
}

export interface KinContactsApi {
  /**
   * Holds goal `from.bone` of character `from.character` on the point
   * `to.point` (bone space of `to.bone`, metres; left out: where the goal is
   * now) of another character, and solves it there (one undo step). The
   * contact follows that bone from then on, as either character is posed or
   * moved. Returns its id; throws naming the field (an unknown character or
   * bone, a bone without a goal, the same character twice, a point not of
   * three finite numbers, a goal already held).
   */
  addContact(contact: { from: { character: number; bone: string }; to: { character: number; bone: string; point?: Vec3 } }): number;
  /** The contacts, in the order they were added. */
  contacts(): KinContact[];
  /** Takes a contact away (one undo step); throws naming the ids there are. */
  removeContact(id: number): void;
}

export function createContactsApi(contacts: () => SceneContacts): KinContactsApi {
  return {
    addContact: (contact) => contacts().add(contact, 'kin: addContact: contact', 'point').id,
    contacts: () =>
      contacts().contacts.map((c) => ({
        id: c.id,
        from: { ...c.from },
        to: { character: c.to.character, bone: c.to.bone, point: [...c.to.point_bs] as Vec3 },
        distance: contacts().distance(c.id),
      })),
    removeContact: (id) => {
      if (typeof id !== 'number' || !Number.isInteger(id)) throw new Error(`kin: removeContact takes a contact id (see kin.contacts()), not ${JSON.stringify(id)}`);
      try {
        contacts().remove(id);
      } catch (error) {
        throw new Error(`kin: removeContact: ${(error as Error).message}`);
      }
    },
  };
}
