// The hand-written web/src/wasm/kin.d.ts against the built module: every
// method it declares on RigHandle exists on the Embind class and the other
// way round, every KinModule member exists, and contract() gives the fields
// ModuleContract and its parts declare. (npm test also type-checks the whole
// tree with tsc against the same file.)
import { readFileSync } from 'node:fs';
import ts from 'typescript';
import { beforeAll, describe, expect, it } from 'vitest';
import type { KinModule } from '../../web/src/wasm/generated/kin.js';
import { loadKinModuleNode } from '../../web/src/wasm/load-node.js';

function interfaceMembers(source: ts.SourceFile, name: string): string[] {
  const members: string[] = [];
  source.forEachChild((node) => {
    if (ts.isInterfaceDeclaration(node) && node.name.text === name) {
      for (const m of node.members) if (m.name && ts.isIdentifier(m.name)) members.push(m.name.text);
    }
  });
  return members.sort();
}

// Methods every Embind class has besides the bound ones.
const EMBIND_BUILTINS = ['clone', 'constructor', 'deleteLater', 'isAliasOf', 'isDeleted', 'delete'];

describe('kin.d.ts describes the built module', () => {
  let module: KinModule;
  let source: ts.SourceFile;
  beforeAll(async () => {
    module = await loadKinModuleNode();
    const path = new URL('../../web/src/wasm/kin.d.ts', import.meta.url);
    source = ts.createSourceFile('kin.d.ts', readFileSync(path, 'utf8'), ts.ScriptTarget.ES2022, true);
  });

  it('declares exactly the Rig methods the module binds', () => {
    const declared = interfaceMembers(source, 'RigHandle').filter((m) => !['delete', 'isDeleted'].includes(m));
    const bound = Object.getOwnPropertyNames(module.Rig.prototype)
      .filter((m) => !EMBIND_BUILTINS.includes(m))
      .sort();
    expect(declared.length).toBeGreaterThan(20);
    expect(declared).toEqual(bound);
  });

  it('declares module members that exist', () => {
    for (const member of interfaceMembers(source, 'KinModule')) {
      expect((module as unknown as Record<string, unknown>)[member], member).toBeDefined();
    }
    expect(module.HEAPF32).toBeInstanceOf(Float32Array);
  });

  it('declares the fields of contract()', () => {
    const contract = module.contract();
    const keys = (value: object) => Object.keys(value).sort();
    expect(keys(contract)).toEqual(interfaceMembers(source, 'ModuleContract'));
    expect(keys(contract.exchange)).toEqual(interfaceMembers(source, 'ModuleExchangeLayout'));
    for (const solver of contract.solvers) expect(keys(solver), solver.name).toEqual(interfaceMembers(source, 'ModuleSolver'));
    // Options carry a range only when numeric, and a max only when bounded.
    const optionFields = interfaceMembers(source, 'ModuleOption');
    for (const [key, option] of Object.entries(contract.options)) {
      expect(optionFields, key).toEqual(expect.arrayContaining(keys(option)));
      expect(keys(option), key).toEqual(expect.arrayContaining(['default', 'type']));
    }
  });
});
