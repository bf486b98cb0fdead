// Replays recorded queries (the page's "cases": operation, inputs, result) through the native
// reference program (web/native/c2d_ref.c) and compares its results with the recorded ones.
import { spawnSync } from 'node:child_process';
import { encodeShape } from '../src/index.js';

const n = (x) => String(x);
const enc = (s) => Array.from(encodeShape(s), n).join(' ');
const box4 = (b) => (b.type === 'rect' ? [b.x, b.y, b.x + b.width, b.y + b.height] : [b.minX, b.minY, b.maxX, b.maxY]).map(n).join(' ');
const seg4 = (s) => [s.x1, s.y1, s.x2, s.y2].map(n).join(' ');

/** The reference program's input line for one case. */
export function caseLine(c) {
  switch (c.op) {
    case 'overlap': case 'hit': case 'manifold': case 'distance': return `${c.op} ${enc(c.a)} ${enc(c.b)}`;
    case 'contains': return `contains ${enc(c.a)} ${n(c.x)} ${n(c.y)}`;
    case 'raycast': {
      const r = c.ray;
      return `raycast ${enc(c.a)} ${[r.origin.x, r.origin.y, r.translation.x, r.translation.y, r.maxFraction ?? 1].map(n).join(' ')}`;
    }
    case 'cast': return `cast ${enc(c.a)} ${n(c.da.x)} ${n(c.da.y)} ${enc(c.b)} ${n(c.db.x)} ${n(c.db.y)}`;
    case 'sweep_into': return `sweep_into ${enc(c.a)} ${n(c.delta.x)} ${n(c.delta.y)} ${c.statics.length} ${c.statics.map(enc).join(' ')}`;
    case 'aabb_sweep': return `aabb_sweep ${box4(c.a)} ${n(c.delta.x)} ${n(c.delta.y)} ${box4(c.b)}`;
    case 'aabb_sweep_into': return `aabb_sweep_into ${box4(c.a)} ${n(c.delta.x)} ${n(c.delta.y)} ${c.boxes.length} ${c.boxes.map(box4).join(' ')}`;
    case 'padded': return `padded ${box4(c.box)} ${[c.padding.x, c.padding.y, c.pos.x, c.pos.y, c.delta.x, c.delta.y].map(n).join(' ')}`;
    case 'seg_intersect': return `seg_intersect ${seg4(c.a)} ${seg4(c.b)}`;
    case 'toi': {
      // a motion as the reference reads it: local center, c1, c2, a1, a2 (timeOfImpact's defaults)
      const mo = (m = {}) => {
        const lc = m.localCenter ?? { x: 0, y: 0 }, c1 = m.c1 ?? lc, c2 = m.c2 ?? c1, a1 = m.a1 ?? 0;
        return [lc.x, lc.y, c1.x, c1.y, c2.x, c2.y, a1, m.a2 ?? a1].map(n).join(' ');
      };
      const o = c.options ?? {};
      return `toi ${enc(c.a)} ${enc(c.b)} ${mo(c.ma)} ${mo(c.mb)} ${[o.tMax ?? 1, o.target ?? 0, o.maxIterations ?? 0].map(n).join(' ')}`;
    }
    case 'world': return c.script.join(' ; ');
    default: throw new Error(`ref-compare: unknown op ${c.op}`);
  }
}

/** Runs the reference program over the cases; returns its parsed results in order. */
export function runReference(refPath, cases) {
  const input = cases.map(caseLine).join('\n') + '\n';
  const r = spawnSync(refPath, [], { input, encoding: 'utf8', maxBuffer: 64 << 20 });
  if (r.status !== 0) throw new Error(`ref-compare: ${refPath} failed (${r.status}): ${r.stderr}`);
  const lines = r.stdout.trim().split('\n');
  if (lines.length !== cases.length) throw new Error(`ref-compare: ${cases.length} cases, ${lines.length} results`);
  return lines.map((l) => JSON.parse(l));
}

// Relative tolerance of a case with a curved kind (ellipse, wedge): their pair queries iterate (the
// support path, src/support.c), which turns libm's last-bit differences in the shape's rotation
// or edge directions (cos, sin of its angles) into normals
// (and the push-outs and points that follow them) that differ by more than 1e-9; shape.h promises
// normals within about the square root of C2D_ELLIPSE_TOLERANCE (1e-10 in double), i.e. 1e-5.
const CURVED_TOL = 1e-6;
const CURVED = new Set(['ellipse', 'wedge', 'arc']);
const hasCurved = (c) => [c.a, c.b, ...(c.statics || [])].some((s) => s && CURVED.has(s.type));
// An arc against an ellipse iterates twice over (the arc's conservative advancement over the
// ellipse's support path): its normals get shape.h's whole promise, 1e-5.
const ARC_ELLIPSE_TOL = 1e-5;
const arcEllipse = (c) => c.a && c.b && [c.a.type, c.b.type].sort().join() === 'arc,ellipse';

/** Differences between a recorded result and the reference's, as strings (empty: equal).
 * Numbers agree within a relative 1e-9 (the two builds differ only in libm's last bits), or rel. */
export function diff(got, want, path = '', rel = 1e-9) {
  if (typeof want === 'number' || typeof got === 'number') {
    if (typeof want !== 'number' || typeof got !== 'number') return [`${path}: ${JSON.stringify(got)} vs ${JSON.stringify(want)}`];
    const tol = rel * Math.max(1, Math.abs(want));
    return Math.abs(got - want) <= tol ? [] : [`${path}: ${got} vs native ${want}`];
  }
  if (want === null || got === null || typeof want !== 'object' || typeof got !== 'object') {
    return got === want ? [] : [`${path}: ${JSON.stringify(got)} vs native ${JSON.stringify(want)}`];
  }
  const keys = new Set([...Object.keys(want), ...Object.keys(got)]);
  const out = [];
  for (const k of keys) out.push(...diff(got[k], want[k], `${path}.${k}`, rel));
  return out;
}

/** Compares every case with the native results; returns a list of mismatch descriptions. */
export function compareCases(refPath, cases, label = '') {
  const native = runReference(refPath, cases);
  const bad = [];
  cases.forEach((c, i) => {
    const d = diff(c.result, native[i], `${label}[${i}] ${c.op}`, arcEllipse(c) ? ARC_ELLIPSE_TOL : hasCurved(c) ? CURVED_TOL : 1e-9);
    if (d.length) bad.push(`${d.join('; ')}\n    input: ${caseLine(c)}`);
  });
  return bad;
}
