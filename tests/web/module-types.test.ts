// The hand-written web/src/wasm/kin.d.ts against the built module, member by
// member and signature by signature: every Embind class a KinModule member
// declares (`Rig: { new (): RigHandle }`) binds exactly the methods its
// handle interface declares, each taking the declared number of parameters
// (Embind's own count: a bound method's invoker takes its arguments by
// name), its constructor too; every KinModule function exists with its
// declared arity. The plain objects' types and the contract's are not
// declared there but generated from the module (tests/web/contract-shapes.test.ts).
// (npm test also type-checks the whole tree with tsc against the same file.)
import { readFileSync } from 'node:fs';
import ts from 'typescript';
import { beforeAll, describe, expect, it } from 'vitest';
import type { KinModule } from '../../web/src/wasm/generated/kin.js';
import { loadKinModuleNode } from '../../web/src/wasm/load-node.js';

type Arities = Map<string, number>;

/** Every member of the interfaces named `name` (they merge): methods with their parameter counts, properties with -1. */
function interfaceMembers(source: ts.SourceFile, name: string): Arities {
  const members: Arities = new Map();
  source.forEachChild((node) => {
    if (!ts.isInterfaceDeclaration(node) || node.name.text !== name) return;
    for (const m of node.members) {
      if (!m.name || !ts.isIdentifier(m.name)) continue;
      members.set(m.name.text, ts.isMethodSignature(m) ? m.parameters.length : -1);
    }
  });
  return members;
}

/** KinModule's class members: the member name, the handle interface it constructs and the constructor's parameter count. */
function classMembers(source: ts.SourceFile): { name: string; handle: string; arity: number }[] {
  const classes: { name: string; handle: string; arity: number }[] = [];
  source.forEachChild((node) => {
    if (!ts.isInterfaceDeclaration(node) || node.name.text !== 'KinModule') return;
    for (const m of node.members) {
      if (!ts.isPropertySignature(m) || !m.type || !ts.isTypeLiteralNode(m.type) || !ts.isIdentifier(m.name)) continue;
      const ctor = m.type.members.find(ts.isConstructSignatureDeclaration);
      if (ctor?.type && ts.isTypeReferenceNode(ctor.type) && ts.isIdentifier(ctor.type.typeName)) {
        classes.push({ name: m.name.text, handle: ctor.type.typeName.text, arity: ctor.parameters.length });
      }
    }
  });
  return classes;
}

// Methods every Embind class has besides the bound ones.
const EMBIND_BUILTINS = ['clone', 'constructor', 'deleteLater', 'isAliasOf', 'isDeleted', 'delete'];

/** The parameter count Embind expects of a class's constructor, from its own refusal of a wrong count. */
function constructorArity(cls: new (...args: unknown[]) => unknown): number {
  const tooMany = Array.from({ length: 9 }, () => 0);
  try {
    new cls(...tooMany);
  } catch (e) {
    const expected = /expected \((\d+)\) parameters/.exec(String((e as Error).message));
    if (expected) return Number(expected[1]);
    throw e;
  }
  throw new Error('a constructor took 9 arguments');
}

describe('kin.d.ts describes the built module', () => {
  let module: KinModule;
  let source: ts.SourceFile;
  beforeAll(async () => {
    module = await loadKinModuleNode();
    const path = new URL('../../web/src/wasm/kin.d.ts', import.meta.url);
    source = ts.createSourceFile('kin.d.ts', readFileSync(path, 'utf8'), ts.ScriptTarget.ES2022, true);
  });

  it('declares every bound class with exactly its methods, each with its parameter count', () => {
    const classes = classMembers(source);
    expect(classes.map((c) => c.name)).toEqual(expect.arrayContaining(['Rig', 'RigSprings', 'ClipSampler', 'RigSkinning', 'RigTeaching', 'RigMirror', 'Retargeter']));
    for (const { name, handle, arity } of classes) {
      const cls = (module as unknown as Record<string, new (...args: unknown[]) => unknown>)[name];
      expect(cls, name).toBeTypeOf('function');
      expect(constructorArity(cls), `new ${name}`).toBe(arity);
      const declared = [...interfaceMembers(source, handle)].filter(([m]) => !['delete', 'isDeleted'].includes(m));
      const prototype = cls.prototype as Record<string, (...args: unknown[]) => unknown>;
      const bound = Object.getOwnPropertyNames(prototype)
        .filter((m) => !EMBIND_BUILTINS.includes(m))
        .map((m) => [m, prototype[m].length] as const);
      expect(declared.length, handle).toBeGreaterThan(1);
      expect(new Map(declared), `${handle} against ${name}'s bindings`).toEqual(new Map(bound));
    }
  });

  it('declares module functions that exist, each with its parameter count', () => {
    const members = interfaceMembers(source, 'KinModule');
    expect(members.size).toBeGreaterThan(10);
    for (const [member, arity] of members) {
      const value = (module as unknown as Record<string, unknown>)[member];
      expect(value, member).toBeDefined();
      // Plain WASM exports (_kin_…) reach JavaScript through a wrapper that takes `arguments`: only Embind's functions carry a count.
      if (arity >= 0 && !member.startsWith('_')) expect((value as (...args: unknown[]) => unknown).length, member).toBe(arity);
    }
    expect(module.HEAPF32).toBeInstanceOf(Float32Array);
  });
});
