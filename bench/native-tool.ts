// Runs one of the native benchmark tools (bench/native/) with its input on
// stdin and returns its output; a failure names the tool and what it said.
import { execFileSync } from 'node:child_process';

/** The tool in the native build; KIN_NATIVE_BUILD picks another CMake build folder than build/native. */
export function nativeTool(name: string): string {
  return `${process.env.KIN_NATIVE_BUILD ?? 'build/native'}/bench/native/${name}`;
}

export function runNativeTool(tool: string, input: string): string {
  try {
    return execFileSync(tool, { input, encoding: 'utf8', maxBuffer: 1 << 30, stdio: ['pipe', 'pipe', 'pipe'] });
  } catch (e) {
    const stderr = String((e as { stderr?: unknown }).stderr ?? '');
    throw new Error(`${tool} failed: ${stderr.trim() || (e as Error).message}`);
  }
}
