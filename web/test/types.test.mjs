// The TypeScript types (src/index.d.ts) under tsc --strict: test/types/*.ts must compile (their
// @ts-expect-error lines are the misuse the types must reject).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const tsc = fileURLToPath(new URL('../node_modules/typescript/bin/tsc', import.meta.url));
const usage = fileURLToPath(new URL('./types/usage.ts', import.meta.url));
const shapes = fileURLToPath(new URL('./types/shapes.ts', import.meta.url));

for (const [what, file] of [['the world', usage], ['the shape pairs', shapes]]) {
  test(`types: ${what} (${file.split('/').pop()}) compiles under tsc --strict`, { skip: !existsSync(tsc) && 'typescript not installed (npm ci)' }, () => {
    const r = spawnSync(process.execPath, [tsc, '--strict', '--noEmit', '--target', 'es2022', '--module', 'nodenext',
      '--moduleResolution', 'nodenext', '--lib', 'es2022,dom', '--skipLibCheck', 'false', file], { encoding: 'utf8' });
    assert.equal(r.status, 0, `tsc failed:\n${r.stdout}${r.stderr}`);
  });
}
