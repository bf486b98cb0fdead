// The live page: one draggable figure per seed example, the MDN demo, the pair explorer and a
// broad-phase view, all computed by collide2d compiled to WebAssembly (../src/index.js).
// Each figure records every query it makes (a "case": operation, inputs, result) so that the
// browser test can replay the same inputs through the native library and compare.
import { load, encodeShape } from '../src/index.js';
import { platformerFigure } from './platformer.js';
import { moveView } from './world-view.mjs';
import { teachBlock, renderCode } from './teach.js';
import { PAIR_KINDS, KIND_ROW } from './kinds.js';
import { rng } from '../test/rng.mjs';

const C = {
  a: '#4a6fa5', aFill: 'rgba(74,111,165,0.12)', b: '#666', bFill: 'rgba(120,120,120,0.12)',
  hitFill: '#d62728', pos: '#ff7f0e', normal: '#2ca02c', delta: '#9467bd', safe: '#17becf',
  handle: '#333', text: '#222',
};
const HANDLE_R = 6;
// How near a handle a press must land to grab it: 14 canvas px for a mouse or pen, 24 CSS px for a
// finger (a fingertip covers about that much; the canvas may be drawn smaller than its bitmap).
const GRAB_MOUSE = 14, GRAB_TOUCH_CSS = 24;

// ---- queries that record themselves ----
function recorder(lib) {
  const cases = [];
  const rec = (c) => { cases.push(c); return c.result; };
  return {
    cases,
    overlap: (a, b) => rec({ op: 'overlap', a, b, result: lib.overlap(a, b) }),
    hit: (a, b) => rec({ op: 'hit', a, b, result: lib.hit(a, b) }),
    contains: (a, x, y) => rec({ op: 'contains', a, x, y, result: lib.containsPoint(a, x, y) }),
    raycast: (a, ray) => rec({ op: 'raycast', a, ray, result: lib.raycast(a, ray) }),
    cast: (a, da, b, db = { x: 0, y: 0 }) => rec({ op: 'cast', a, da, b, db, result: lib.cast(a, da, b, db) }),
    sweepInto: (a, delta, statics) => rec({ op: 'sweep_into', a, delta, statics, result: lib.sweepInto(a, delta, statics) }),
    aabbSweep: (a, delta, b) => rec({ op: 'aabb_sweep', a, delta, b, result: lib.sweepAABB(a, delta, b) }),
    aabbSweepInto: (a, delta, boxes) => rec({ op: 'aabb_sweep_into', a, delta, boxes, result: lib.sweepAABBInto(a, delta, boxes) }),
    padded: (box, pos, delta, padding) => rec({ op: 'padded', box, pos, delta, padding, result: lib.aabbSegmentPadded(box, pos, delta, padding) }),
    segIntersect: (a, b) => rec({ op: 'seg_intersect', a, b, result: lib.segmentIntersection(a, b) }),
    manifold: (a, b) => rec({ op: 'manifold', a, b, result: lib.manifold(a, b) }),
    distance: (a, b) => rec({ op: 'distance', a, b, result: lib.distance(a, b) }),
  };
}

// ---- drawing ----
function painter(ctx, lib) {
  const g = {
    ctx,
    shape(s, { stroke = C.a, fill = null, dash = null, width = 1.5 } = {}) {
      ctx.save();
      ctx.strokeStyle = stroke;
      ctx.lineWidth = width;
      if (dash) ctx.setLineDash(dash);
      ctx.beginPath();
      // every kind's outline is its row's path (./kinds.js); a rect is an aabb by its corner
      if (s.type === 'rect') ctx.rect(s.x, s.y, s.width, s.height);
      else if (KIND_ROW[s.type]) KIND_ROW[s.type].path(ctx, s, lib);
      if (s.type === 'point') fill = fill || stroke;
      if (s.type === 'segment') fill = null;
      if (fill) { ctx.fillStyle = fill; ctx.fill(); }
      ctx.stroke();
      ctx.restore();
    },
    dot(p, color = C.pos, r = 4) {
      ctx.save(); ctx.fillStyle = color; ctx.beginPath(); ctx.arc(p.x, p.y, r, 0, 2 * Math.PI); ctx.fill(); ctx.restore();
    },
    arrow(from, v, color, scale = 1, dash = null) {
      const to = { x: from.x + v.x * scale, y: from.y + v.y * scale };
      const len = Math.hypot(to.x - from.x, to.y - from.y);
      if (!(len > 0.5)) return;
      const a = Math.atan2(to.y - from.y, to.x - from.x);
      ctx.save();
      ctx.strokeStyle = color; ctx.fillStyle = color; ctx.lineWidth = 2;
      if (dash) ctx.setLineDash(dash);
      ctx.beginPath(); ctx.moveTo(from.x, from.y); ctx.lineTo(to.x, to.y); ctx.stroke();
      ctx.setLineDash([]);
      ctx.beginPath();
      ctx.moveTo(to.x, to.y);
      ctx.lineTo(to.x - 8 * Math.cos(a - 0.4), to.y - 8 * Math.sin(a - 0.4));
      ctx.lineTo(to.x - 8 * Math.cos(a + 0.4), to.y - 8 * Math.sin(a + 0.4));
      ctx.closePath(); ctx.fill();
      ctx.restore();
    },
    line(p, q, color = '#999', dash = [4, 4]) {
      ctx.save(); ctx.strokeStyle = color; ctx.setLineDash(dash || []);
      ctx.beginPath(); ctx.moveTo(p.x, p.y); ctx.lineTo(q.x, q.y); ctx.stroke(); ctx.restore();
    },
    text(x, y, s, color = C.text) { ctx.save(); ctx.fillStyle = color; ctx.font = '12px sans-serif'; ctx.fillText(s, x, y); ctx.restore(); },
    // The usual contact picture: hit point, normal, and A moved by the push-out.
    contact(hit, aShape, moved) {
      if (!hit) return;
      if (moved) g.shape(moved, { stroke: C.delta, dash: [5, 4] });
      g.dot(hit.pos, C.pos);
      g.arrow(hit.pos, hit.normal, C.normal, 30);
      g.arrow(hit.pos, hit.delta, C.delta, 1, [3, 3]);
    },
  };
  return g;
}

// A shape moved by (dx, dy): every x-like field gains dx, every y-like field dy, every point both.
const X_FIELDS = ['x', 'x1', 'x2', 'minX', 'maxX'], Y_FIELDS = ['y', 'y1', 'y2', 'minY', 'maxY'];
function moved(s, d) {
  if (!d) return null;
  const out = { ...s };
  for (const k of X_FIELDS) if (typeof s[k] === 'number') out[k] = s[k] + d.x;
  for (const k of Y_FIELDS) if (typeof s[k] === 'number') out[k] = s[k] + d.y;
  if (s.points) out.points = s.points.map((p) => ({ x: p.x + d.x, y: p.y + d.y }));
  return out;
}

// ---- number formatting ----
const f3 = (x) => (typeof x === 'number' ? (Number.isInteger(x) ? String(x) : x.toFixed(3)) : String(x));
const v3 = (v) => `(${f3(v.x)}, ${f3(v.y)})`;
function hitLines(h, name = 'hit') {
  if (!h) return [`${name}: none`];
  return [`${name}.pos    ${v3(h.pos)}`, `${name}.normal ${v3(h.normal)}`, `${name}.delta  ${v3(h.delta)}`, `${name}.time   ${f3(h.time)}`];
}
function sweepLines(s) {
  return [`sweep.time ${f3(s.time)}`, `sweep.pos  ${v3(s.pos)}`, ...hitLines(s.hit, 'sweep.hit')];
}

// ---- figures ----
const figures = {};
const sections = {};

function section(id, title, intro) {
  const main = document.getElementById('figures');
  const h = document.createElement('h2');
  h.id = id; h.textContent = title;
  main.appendChild(h);
  if (intro) { const p = document.createElement('p'); p.textContent = intro; main.appendChild(p); }
  const div = document.createElement('div');
  div.className = 'figs';
  main.appendChild(div);
  const a = document.createElement('a');
  a.href = `#${id}`; a.textContent = title;
  document.getElementById('toc').appendChild(a);
  sections[id] = div;
  return div;
}

class Figure {
  constructor(lib, parent, { id, title, note, width = 320, height = 240, handles = {}, run, controls }) {
    this.lib = lib;
    this.id = id;
    this.handles = Object.fromEntries(Object.entries(handles).map(([k, [x, y]]) => [k, { x, y }]));
    this.runFn = run;
    const el = document.createElement('section');
    el.className = width > 330 ? 'fig wide' : 'fig';   // a wide canvas takes both columns of a desktop's grid
    el.id = `fig-${id}`;
    el.innerHTML = `<h3></h3><div class="controls"></div><div class="row"><canvas></canvas><pre class="nums"></pre></div><p class="note"></p>`;
    el.querySelector('h3').textContent = title;
    el.querySelector('.note').textContent = note || '';
    parent.appendChild(el);
    this.el = el;
    this.teachEl = teachBlock(el, id);   // the prose, the C and the JS (./teach.js)
    this.codeEl = this.teachEl && this.teachEl.querySelector('pre.c code');
    this.jsEl = this.teachEl && this.teachEl.querySelector('pre.js code');
    this.canvas = el.querySelector('canvas');
    this.canvas.width = width;
    this.canvas.height = height;
    this.canvas.dataset.fig = id;
    this.nums = el.querySelector('.nums');
    this.ctx = this.canvas.getContext('2d');
    this.g = painter(this.ctx, lib);
    if (controls) controls(el.querySelector('.controls'), this);
    this._drag = null;
    this.canvas.addEventListener('pointerdown', (e) => {
      const p = this._local(e);
      let best = null, bd = this.grabRadius(e);
      for (const [k, h] of Object.entries(this.handles)) {
        const d = Math.hypot(h.x - p.x, h.y - p.y);
        if (d < bd) { bd = d; best = k; }
      }
      if (best) {
        this._drag = { k: best, dx: this.handles[best].x - p.x, dy: this.handles[best].y - p.y };
        this.canvas.setPointerCapture(e.pointerId);
        e.preventDefault();
      }
    });
    this.canvas.addEventListener('pointermove', (e) => {
      if (!this._drag) return;
      const p = this._local(e);
      const h = this.handles[this._drag.k];
      h.x = Math.round(Math.min(this.canvas.width, Math.max(0, p.x + this._drag.dx)));
      h.y = Math.round(Math.min(this.canvas.height, Math.max(0, p.y + this._drag.dy)));
      this.update();
    });
    const end = () => { this._drag = null; };
    this.canvas.addEventListener('pointerup', end);
    this.canvas.addEventListener('pointercancel', end);
    figures[id] = this;
  }

  // The grab radius of a pointer, in canvas px.
  grabRadius(e) {
    return e.pointerType === 'touch' ? GRAB_TOUCH_CSS * (this.canvas.width / (this.canvas.clientWidth || this.canvas.width)) : GRAB_MOUSE;
  }

  _local(e) {
    const c = this.canvas, r = c.getBoundingClientRect();
    return { x: (e.clientX - r.left - c.clientLeft) * (c.width / c.clientWidth), y: (e.clientY - r.top - c.clientTop) * (c.height / c.clientHeight) };
  }

  update() {
    const q = recorder(this.lib);
    const out = this.runFn(this.handles, q, this) || {};
    this.cases = q.cases;
    this.state = out.state;
    const ctx = this.ctx;
    ctx.clearRect(0, 0, this.canvas.width, this.canvas.height);
    if (out.draw) out.draw(this.g);
    for (const h of Object.values(this.handles)) {
      ctx.save(); ctx.strokeStyle = C.handle; ctx.fillStyle = 'rgba(255,255,255,0.7)'; ctx.lineWidth = 1.5;
      ctx.beginPath(); ctx.arc(h.x, h.y, HANDLE_R, 0, 2 * Math.PI); ctx.fill(); ctx.stroke(); ctx.restore();
    }
    this.nums.textContent = (out.lines || []).join('\n');
    renderCode(this.teachEl, this.id, this.handles, this.state);
  }
}

function fig(lib, parent, spec) {
  const f = new Figure(lib, parent, spec);
  f.update();
  return f;
}

const box = (cx, cy, hx, hy) => ({ type: 'aabb', minX: cx - hx, minY: cy - hy, maxX: cx + hx, maxY: cy + hy });
const seg = (p, q) => ({ type: 'segment', x1: p.x, y1: p.y, x2: q.x, y2: q.y });
const pt = (p) => ({ type: 'point', x: p.x, y: p.y });
const circ = (p, r) => ({ type: 'circle', x: p.x, y: p.y, r });
const sub = (p, q) => ({ x: p.x - q.x, y: p.y - q.y });
const aFill = (hit) => (hit ? C.hitFill : C.aFill);

// The intersect article: its four AABB tests, its sweep and sweeping through many.
function articleFigures(lib) {
  const s = section('article', 'The intersect article: AABB tests and sweeps',
    'noonat\'s intersect: intersectPoint, intersectSegment, intersectAABB, sweepAABB and sweepInto, as c2d_point_hit_aabb, c2d_aabb_raycast_padded, c2d_aabb_hit_aabb, c2d_aabb_sweep_aabb and c2d_aabb_sweep_into.');
  fig(lib, s, {
    id: 'article-point', title: 'AABB vs point', note: 'Drag the point into the box: it is pushed out through the nearest edge. On the edge is outside.',
    handles: { p: [190, 100] },
    run(h, q) {
      const B = box(150, 120, 70, 45);
      const P = pt(h.p);
      const hit = q.hit(P, B);
      return {
        state: { hit: !!hit },
        draw(g) { g.shape(B, { stroke: C.b, fill: C.bFill }); g.shape(P, { stroke: hit ? C.hitFill : C.a }); g.contact(hit, P, hit && moved(P, hit.delta)); },
        lines: [`point ${v3(h.p)}`, 'box center (150, 120) half (70, 45)', ...hitLines(hit)],
      };
    },
  });
  fig(lib, s, {
    id: 'article-segment', title: 'AABB vs segment (slab test)', note: 'time is the fraction of the segment where it enters the box; delta takes the segment\'s end back to the hit point. Padding grows the box (here 0).',
    handles: { p1: [30, 40], p2: [280, 200] },
    controls(div, self) {
      // The article's 0 * infinity case: a segment lying on the box's top edge line (y = 85).
      const b = document.createElement('button');
      b.textContent = 'along an edge'; b.dataset.preset = 'edge';
      b.addEventListener('click', () => { self.handles.p1 = { x: 60, y: 85 }; self.handles.p2 = { x: 260, y: 85 }; self.update(); });
      div.appendChild(b);
    },
    run(h, q) {
      const B = box(160, 120, 55, 35);
      const hit = q.padded(B, h.p1, sub(h.p2, h.p1), { x: 0, y: 0 });
      return {
        state: { hit: !!hit },
        draw(g) {
          g.shape(B, { stroke: C.b, fill: C.bFill });
          g.shape(seg(h.p1, h.p2), { stroke: hit ? C.hitFill : C.a, width: 2 });
          if (hit) { g.dot(hit.pos); g.arrow(hit.pos, hit.normal, C.normal, 30); g.arrow(h.p2, hit.delta, C.delta, 1, [3, 3]); }
        },
        lines: [`segment ${v3(h.p1)} -> ${v3(h.p2)}`, ...hitLines(hit)],
      };
    },
  });
  fig(lib, s, {
    id: 'article-aabb', title: 'AABB vs AABB', note: 'Drag box A (the handle is its center) onto B: A is pushed out along the axis of least overlap (dashed: A + delta).',
    handles: { a: [60, 60] },
    run(h, q) {
      const A = box(h.a.x, h.a.y, 35, 25);
      const B = box(170, 140, 60, 45);
      const hit = q.hit(A, B);
      return {
        state: { hit: !!hit },
        draw(g) { g.shape(B, { stroke: C.b, fill: C.bFill }); g.shape(A, { fill: aFill(hit) }); g.contact(hit, A, hit && moved(A, hit.delta)); },
        lines: [`A center ${v3(h.a)} half (35, 25)`, 'B center (170, 140) half (60, 45)', ...hitLines(hit)],
      };
    },
  });
  fig(lib, s, {
    id: 'article-sweep', title: 'AABB vs swept AABB', note: 'Drag A\'s start and its destination. The filled box is A at the safe position (sweep.pos, sweep.time), just short of the first contact at hit.time.',
    handles: { a: [45, 50], d: [280, 200] },
    run(h, q) {
      const A = box(h.a.x, h.a.y, 22, 16);
      const B = box(170, 130, 40, 30);
      const sw = q.aabbSweep(A, sub(h.d, h.a), B);
      return {
        state: { hit: !!sw.hit },
        draw(g) {
          g.shape(B, { stroke: C.b, fill: C.bFill });
          g.line(h.a, h.d);
          g.shape(box(h.d.x, h.d.y, 22, 16), { stroke: '#aaa', dash: [4, 4] });
          g.shape(A, { stroke: C.a });
          g.shape(box(sw.pos.x, sw.pos.y, 22, 16), { stroke: C.safe, fill: sw.hit ? 'rgba(23,190,207,0.35)' : null });
          if (sw.hit) { g.dot(sw.hit.pos); g.arrow(sw.hit.pos, sw.hit.normal, C.normal, 30); }
        },
        lines: [`A from ${v3(h.a)} by ${v3(sub(h.d, h.a))}`, ...sweepLines(sw)],
      };
    },
  });
  fig(lib, s, {
    id: 'article-sweep-into', title: 'Sweeping an AABB through many', note: 'sweepInto keeps the earliest hit over all statics; the one hit is drawn red.',
    handles: { a: [30, 120], d: [300, 100] },
    run(h, q) {
      const statics = [box(110, 60, 15, 40), box(160, 150, 20, 20), box(230, 90, 25, 30), box(280, 190, 20, 25), box(120, 210, 40, 10)];
      const A = box(h.a.x, h.a.y, 15, 15);
      const sw = q.aabbSweepInto(A, sub(h.d, h.a), statics);
      return {
        state: { hit: !!sw.hit, index: sw.index },
        draw(g) {
          statics.forEach((b, i) => g.shape(b, { stroke: C.b, fill: i === sw.index ? C.hitFill : C.bFill }));
          g.line(h.a, h.d);
          g.shape(A);
          g.shape(box(sw.pos.x, sw.pos.y, 15, 15), { stroke: C.safe, fill: 'rgba(23,190,207,0.35)' });
          if (sw.hit) { g.dot(sw.hit.pos); g.arrow(sw.hit.pos, sw.hit.normal, C.normal, 30); }
        },
        lines: [`A from ${v3(h.a)} by ${v3(sub(h.d, h.a))}`, `hit index ${sw.index}`, ...sweepLines(sw)],
      };
    },
  });
}

// The rectangle tutorial's example: two rectangles in LTRB form (left, top, right, bottom; y
// down), each dragged by its top-left and bottom-right corners, with overlap, containment and
// touching, and what the tutorial's edge-between-edges test says for the same pair.
const LTRB_PRESETS = {
  overlap: [[40, 40, 170, 150], [120, 90, 260, 200]],
  contains: [[40, 30, 280, 210], [100, 80, 200, 160]],
  'shared edge': [[40, 40, 150, 150], [150, 70, 260, 190]],
  corner: [[40, 40, 150, 120], [150, 120, 260, 200]],
  cross: [[40, 90, 280, 150], [120, 30, 200, 210]],
  'from above': [[60, 100, 260, 200], [100, 40, 220, 150]],
  apart: [[30, 30, 120, 110], [170, 120, 280, 210]],
};
// The tutorial's code as printed (r1 = A, r2 = B), its wrong flag included; without its
// containment patch, whose flag starts True and would make every pair collide.
function tutorialSays(r1, r2) {
  const [l1, t1, rr1, b1] = r1, [l2, t2, rr2, b2] = r2;
  let horizontal = false, vertical = false;
  if (l1 < l2 && l2 < rr1) horizontal = true;
  if (l1 < rr2 && rr2 < rr1) horizontal = true;
  if (t1 < t2 && t2 < b1) vertical = true;
  if (t1 < b2 && b2 < b1) vertical = false;   // sic: the tutorial sets False here
  return horizontal && vertical;
}
function rectsFigure(lib) {
  const s = section('rects', 'The rectangle tutorial: LTRB, containment and touching',
    'Rectangles given by their left, top, right and bottom edges, as the "Simple Collision Detection" tutorial writes them. Drag the corners or pick a case.');
  const [A0, B0] = LTRB_PRESETS.overlap;
  fig(lib, s, {
    id: 'rects', title: 'Overlap, containment, touching (LTRB)',
    note: 'Red fill: overlap. Green outline: the rectangles only touch. The inner one is drawn dashed when one contains the other.',
    handles: { a1: [A0[0], A0[1]], a2: [A0[2], A0[3]], b1: [B0[0], B0[1]], b2: [B0[2], B0[3]] },
    controls(div, self) {
      for (const name of Object.keys(LTRB_PRESETS)) {
        const b = document.createElement('button');
        b.textContent = name; b.dataset.preset = name;
        div.appendChild(b);
      }
      self.preset = (name) => {
        const [a, b] = LTRB_PRESETS[name];
        Object.assign(self.handles, { a1: { x: a[0], y: a[1] }, a2: { x: a[2], y: a[3] }, b1: { x: b[0], y: b[1] }, b2: { x: b[2], y: b[3] } });
        self.update();
      };
      div.addEventListener('click', (e) => { if (e.target.dataset.preset) self.preset(e.target.dataset.preset); });
    },
    run(h, q) {
      const ltrb = (p, r) => [Math.min(p.x, r.x), Math.min(p.y, r.y), Math.max(p.x, r.x), Math.max(p.y, r.y)];
      const a = ltrb(h.a1, h.a2), b = ltrb(h.b1, h.b2);
      const asBox = (r) => ({ type: 'aabb', minX: r[0], minY: r[1], maxX: r[2], maxY: r[3] });
      const A = asBox(a), B = asBox(b);
      const flat = (r) => r[0] === r[2] || r[1] === r[3];
      const lines = [`A  left ${a[0]}  top ${a[1]}  right ${a[2]}  bottom ${a[3]}`, `B  left ${b[0]}  top ${b[1]}  right ${b[2]}  bottom ${b[3]}`];
      if (flat(a) || flat(b)) {
        lines.push('a rectangle has zero width or height:', 'c2d_aabb_from_ltrb refuses it (C2D_ERR_BAD_SIZE)');
        return { state: { a, b, valid: false }, draw(g) { g.shape(B, { stroke: C.b }); g.shape(A); }, lines };
      }
      const overlap = q.overlap(A, B);
      // c2d_aabb_contains and the closed-box test, as in the C block beside the figure
      const contains = (o, i) => o[0] <= i[0] && o[1] <= i[1] && i[2] <= o[2] && i[3] <= o[3];
      const aHasB = contains(a, b), bHasA = contains(b, a);
      const meet = a[0] <= b[2] && b[0] <= a[2] && a[1] <= b[3] && b[1] <= a[3];
      const touching = meet && !overlap;
      const tutorial = tutorialSays(a, b);
      lines.push(`overlap   ${overlap}`, `A has B   ${aHasB}`, `B has A   ${bHasA}`, `touching  ${touching}`,
        `tutorial's edge test  ${tutorial}${tutorial !== overlap ? '  (wrong)' : ''}`);
      return {
        state: { a, b, valid: true, overlap, aHasB, bHasA, touching, tutorial },
        draw(g) {
          const inner = aHasB ? B : bHasA ? A : null;
          g.shape(B, { stroke: touching ? C.normal : C.b, fill: overlap ? 'rgba(214,39,40,0.25)' : C.bFill, width: touching ? 2.5 : 1.5, dash: inner === B ? [5, 3] : null });
          g.shape(A, { stroke: touching ? C.normal : C.a, fill: overlap ? 'rgba(214,39,40,0.25)' : C.aFill, width: touching ? 2.5 : 1.5, dash: inner === A ? [5, 3] : null });
          g.text(a[0] + 4, a[1] + 14, 'A', C.a);
          g.text(b[0] + 4, b[1] + 14, 'B', C.b);
        },
        lines,
      };
    },
  });
}

// A world scene that records itself as a script for the native reference (web/native/c2d_ref.c):
// the page's worlds use tag 1 and add colliders in script order, so the handles are the same.
function scriptedWorld(lib) {
  const w = lib.createWorld({ tag: 1 });
  const script = ['wnew'];
  const enc = (s) => Array.from(encodeShape(s)).join(' ');
  return {
    w,
    script,
    add(shape, o = {}) {
      const flags = (o.static ? 1 : 0) | (o.sensor ? 2 : 0);
      script.push(`wadd ${enc(shape)} ${o.x ?? 0} ${o.y ?? 0} ${o.angle ?? 0} 0 0 0 ${flags} 0 0`);
      return w.add(shape, o);
    },
    // A case for the report: the scene so far, a world op line and the result in the reference's form.
    moveCase(line, result) {
      return { op: 'world', script: [...script, line], result: moveView(result) };
    },
  };
}

// MDN's demo, rebuilt on the world: a movable entity among 100 statics. The entity is a world
// collider moved with c2d_world_move (slide) by the arrow keys or by dragging it (mouse or touch),
// so it stops against the statics and slides along them; four static walls just outside the canvas
// keep it inside. It turns green while its last move bumped into something.
function mdnFigure(lib) {
  const s = section('mdn', 'MDN: a movable entity among 100 statics',
    'Move the red entity with the arrow keys (click the canvas first; 5 px a press) or drag it. Each step is one c2d_world_move with the slide response: the entity stops at the statics and slides along them, and the walls around the canvas keep it in. It turns green when a move bumped into something. Statics come from a seeded generator.');
  const W = 540, H = 540;
  const random = rng(20240601);
  const statics = [];
  for (let i = 0; i < 100; i++) statics.push({ x: Math.floor(random() * 500), y: Math.floor(random() * 500) });
  const entity = { x: 500, y: 500 };
  let mode = 'box', scene = null, me = 0, last = null, lastGoal = null, lastCase = null;
  const local = () => (mode === 'box' ? { type: 'aabb', minX: 0, minY: 0, maxX: 20, maxY: 20 } : { type: 'circle', x: 10, y: 10, r: 10 });
  const shapeAt = (p) => (mode === 'box' ? { type: 'rect', x: p.x, y: p.y, width: 20, height: 20 } : { type: 'circle', x: p.x + 10, y: p.y + 10, r: 10 });
  const build = () => {
    if (scene) scene.w.destroy();
    scene = scriptedWorld(lib);
    statics.forEach((p, i) => scene.add(local(), { x: p.x, y: p.y, static: true, userData: i }));
    const T = 50; // the walls: outside the canvas, touching its edges
    scene.add({ type: 'aabb', minX: -T, minY: -T, maxX: W + T, maxY: 0 }, { static: true, userData: 'wall' });
    scene.add({ type: 'aabb', minX: -T, minY: H, maxX: W + T, maxY: H + T }, { static: true, userData: 'wall' });
    scene.add({ type: 'aabb', minX: -T, minY: 0, maxX: 0, maxY: H }, { static: true, userData: 'wall' });
    scene.add({ type: 'aabb', minX: W, minY: 0, maxX: W + T, maxY: H }, { static: true, userData: 'wall' });
    scene.w.update();
    scene.script.push('wupdate');
    me = scene.w.add(local(), { x: entity.x, y: entity.y, userData: 'entity' });
    last = null; lastCase = null;
  };
  // One slide move of the entity toward goal; records the case with the scene it ran in.
  const moveTo = (goal) => {
    const from = { ...entity };
    const r = scene.w.move(me, goal);
    entity.x = r.x; entity.y = r.y;
    last = r; lastGoal = goal;
    lastCase = { ...scene.moveCase(`wmove ${me} ${goal.x} ${goal.y} 0 0`, r), from };
    // The reference needs the entity where the move started: add it there, as the page did.
    lastCase.script.splice(lastCase.script.length - 1, 0,
      `wadd ${Array.from(encodeShape(local())).join(' ')} ${from.x} ${from.y} 0 0 0 0 0 0 0`);
  };
  build();
  const f = fig(lib, s, {
    id: 'mdn', title: 'Boxes (20 x 20) or circles (r 10) in a world, MDN\'s colours', width: W, height: H,
    note: 'Touching is not a collision in collide2d, so an entity resting against a static after a move is clear of it; the slide response keeps the free part of the motion.',
    handles: {},
    controls(div) {
      div.innerHTML = '<button data-mode="box">boxes</button><button data-mode="circle">circles</button>';
      div.addEventListener('click', (e) => {
        if (e.target.dataset.mode) { mode = e.target.dataset.mode; build(); f.update(); }
      });
    },
    run(h, q) {
      const E = shapeAt(entity);
      const near = scene.w.queryAABB({ minX: entity.x - 10, minY: entity.y - 10, maxX: entity.x + 30, maxY: entity.y + 30 }, { self: me });
      const overlapping = scene.w.queryShape(E, { self: me }).map((o) => o.userData);
      const bumped = last ? last.collisions.map((c) => c.userData) : [];
      const colliding = bumped.length > 0;
      return {
        state: { colliding, with: bumped, overlapping, entity: { ...entity }, mode, goal: lastCase && lastGoal, from: lastCase && lastCase.from },
        draw(g) {
          const fillOf = (color) => ({ stroke: color, fill: color });
          statics.forEach((p) => g.shape(shapeAt(p), fillOf('rgb(0, 0, 255)')));
          g.shape(E, fillOf(colliding ? 'rgb(0, 128, 0)' : 'rgb(255, 0, 0)'));
          if (last) last.collisions.forEach((c) => { g.dot(c.point, C.pos, 3); g.arrow(c.point, c.normal, C.normal, 15); });
        },
        lines: [`mode ${mode}`, `entity ${v3(entity)}`, `statics near it ${near.length}`, `overlapping ${JSON.stringify(overlapping)}`,
          `last move bumped into ${JSON.stringify(bumped)}`, colliding ? 'COLLISION (slid along it)' : 'no collision'],
      };
    },
  });
  f.statics = statics;
  f.entity = entity;
  f.world = () => scene.w;
  f.moveTo = (goal) => { moveTo(goal); f.update(); };
  // Puts the entity at p without a move (for tests and the mode switch): no collisions recorded.
  f.place = (p) => { entity.x = p.x; entity.y = p.y; scene.w.setTransform(me, p.x, p.y); last = null; lastCase = null; f.update(); };
  // For the report: the last move (with its scene, replayed natively) and the exact test of the
  // entity against every static (all false: a slide move never ends overlapping).
  f.fullCases = () => {
    const q = recorder(lib);
    const E = shapeAt(entity);
    statics.forEach((p) => q.overlap(E, shapeAt(p)));
    return lastCase ? [...q.cases, lastCase] : q.cases;
  };
  f.canvas.tabIndex = 0;
  f.canvas.addEventListener('keydown', (e) => {
    const moves = { ArrowLeft: [-5, 0], ArrowRight: [5, 0], ArrowUp: [0, -5], ArrowDown: [0, 5] };
    const m = moves[e.key];
    if (!m) return;
    e.preventDefault();
    moveTo({ x: entity.x + m[0], y: entity.y + m[1] });
    f.update();
  });
  // Dragging the entity (mouse, pen or touch): every pointer move is one slide move toward where
  // the pointer would put it.
  let grab = null;
  f.canvas.addEventListener('pointerdown', (e) => {
    f.canvas.focus();
    const p = f._local(e);
    const pad = e.pointerType === 'touch' ? f.grabRadius(e) - 10 : 4;   // around the 20 px entity
    if (p.x >= entity.x - pad && p.x <= entity.x + 20 + pad && p.y >= entity.y - pad && p.y <= entity.y + 20 + pad) {
      grab = { dx: entity.x - p.x, dy: entity.y - p.y };
      f.canvas.setPointerCapture(e.pointerId);
      e.preventDefault();
    }
  });
  f.canvas.addEventListener('pointermove', (e) => {
    if (!grab) return;
    const p = f._local(e);
    moveTo({ x: Math.round(p.x + grab.dx), y: Math.round(p.y + grab.dy) });
    f.update();
  });
  const end = () => { grab = null; };
  f.canvas.addEventListener('pointerup', end);
  f.canvas.addEventListener('pointercancel', end);
}

// bump.lua's responses on the world: drag box A's start and goal among a few statics and see what
// touch, cross, slide and bounce make of the same move (c2d_world_check: nothing moves).
const RESPONSE_COLOURS = { touch: '#d62728', cross: '#9467bd', slide: '#2ca02c', bounce: '#ff7f0e' };
function bumpFigure(lib) {
  const s = section('bump', 'bump-style moves: touch, cross, slide, bounce',
    'c2d_world_move as bump.lua\'s World:move. Drag A\'s start (the box) and its goal; each response is computed for the same move. The selected one is drawn: its path, the touch points (dots), the normals, and where A ends (filled).');
  const HW = 14, HH = 10;
  const statics = [
    { shape: { type: 'aabb', minX: -30, minY: -40, maxX: 30, maxY: 40 }, x: 190, y: 120 },
    { shape: { type: 'circle', x: 0, y: 0, r: 26 }, x: 300, y: 70 },
    { shape: { type: 'polygon', points: [{ x: -35, y: -12 }, { x: 35, y: -12 }, { x: 0, y: 22 }] }, x: 320, y: 200, angle: 0.4 },
    { shape: { type: 'aabb', minX: -160, minY: -8, maxX: 160, maxY: 8 }, x: 200, y: 262 },
  ];
  const responses = ['touch', 'cross', 'slide', 'bounce'];
  let selected = 'slide';
  const f = fig(lib, s, {
    id: 'bump', title: 'One move, four responses', width: 420, height: 280,
    handles: { a: [60, 60], g: [330, 150] },
    controls(div, self) {
      for (const r of responses) {
        const b = document.createElement('button');
        b.textContent = r; b.dataset.response = r;
        b.style.borderColor = RESPONSE_COLOURS[r];
        div.appendChild(b);
      }
      div.addEventListener('click', (e) => { if (e.target.dataset.response) { selected = e.target.dataset.response; self.update(); } });
      self.select = (r) => { selected = r; self.update(); };
    },
    run(h, q, self) {
      const scene = scriptedWorld(lib);
      const ids = statics.map((st) => scene.add(st.shape, { x: st.x, y: st.y, angle: st.angle, static: true }));
      const mover = scene.add({ type: 'aabb', minX: -HW, minY: -HH, maxX: HW, maxY: HH }, { x: h.a.x, y: h.a.y });
      const code = { touch: 1, cross: 2, slide: 3, bounce: 4 };
      const results = {}, cases = [];
      for (const r of responses) {
        results[r] = scene.w.check(mover, h.g, r);
        cases.push(scene.moveCase(`wfilter ${ids.length} ${ids.map(() => code[r]).join(' ')}; wcheck ${mover} ${h.g.x} ${h.g.y} 1 0`, results[r]));
      }
      const pieces = ids.map((id) => scene.w.pieces(id)[0]);
      scene.w.destroy();
      self._cases = cases;
      const res = results[selected];
      const path = [h.a, ...res.collisions.filter((c) => c.type !== 'cross').map((c) => c.touch), { x: res.x, y: res.y }];
      const boxAt = (p) => box(p.x, p.y, HW, HH);
      const lines = [`A from ${v3(h.a)} to goal ${v3(h.g)}`];
      for (const r of responses) {
        const q = results[r];
        lines.push(`${r === selected ? '>' : ' '} ${r.padEnd(6)} ends ${v3(q)}  collisions ${q.collisions.length}`);
      }
      lines.push('', `${selected}:`);
      res.collisions.forEach((c, i) => lines.push(`  ${i}: static ${ids.indexOf(c.other)} ti ${f3(c.ti)} normal ${v3(c.normal)}`, `     touch ${v3(c.touch)}`));
      return {
        state: Object.fromEntries(responses.map((r) => [r, { x: results[r].x, y: results[r].y, collisions: results[r].collisions.length }])),
        draw(g) {
          pieces.forEach((p) => g.shape(p, { stroke: C.b, fill: C.bFill }));
          const col = RESPONSE_COLOURS[selected];
          g.line(h.a, h.g, '#bbb');
          g.shape(boxAt(h.g), { stroke: '#aaa', dash: [4, 4] });
          g.shape(boxAt(h.a), { stroke: C.a });
          for (let i = 1; i < path.length; i++) g.line(path[i - 1], path[i], col, []);
          res.collisions.forEach((c) => {
            g.shape(boxAt(c.touch), { stroke: col, dash: [3, 3] });
            g.dot(c.touch, col, 4);
            g.arrow(c.point, c.normal, C.normal, 20);
          });
          g.shape(boxAt(res), { stroke: col, fill: col });
          g.text(6, 14, selected, col);
        },
        lines,
      };
    },
  });
  // The recorded cases are set by run (one world check per response).
  const update = f.update.bind(f);
  f.update = () => { update(); f.cases = f._cases; };
  f.update();
}

// The "Collisions and Intersections" snippets.
function snippetFigures(lib) {
  const s = section('snippets', 'The snippets: circles, rectangles, segments, polygons, arcs and wedges',
    'Each snippet as a live figure. Where a snippet counts touching as colliding (<=) or has a bug, the numbers show collide2d\'s answer.');
  const pair = (id, title, note, handles, make, extra) => fig(lib, s, {
    id, title, note, handles,
    run(h, q) {
      const [A, B] = make(h);
      const ov = q.overlap(A, B);
      const hit = q.hit(A, B);
      const more = extra ? extra(h, q, A, B) : { lines: [], draw() {} };
      return {
        state: { overlap: ov, hit: !!hit },
        draw(g) {
          g.shape(B, { stroke: C.b, fill: C.bFill });
          g.shape(A, { stroke: ov ? C.hitFill : C.a, fill: A.type === 'segment' ? null : aFill(ov), width: A.type === 'segment' ? 2.5 : 1.5 });
          g.contact(hit, A, hit && moved(A, hit.delta));
          more.draw(g);
        },
        lines: [`overlap ${ov}`, ...hitLines(hit), ...more.lines],
      };
    },
  });
  pair('snip-circles', 'Are 2 circles colliding?', 'The snippet uses <= (touching collides); collide2d does not.',
    { a: [110, 110] }, (h) => [circ(h.a, 45), circ({ x: 200, y: 130 }, 55)]);
  pair('snip-rects', 'Are 2 rectangles colliding?', 'Rectangles as {x, y, width, height}; the snippet\'s !(... > ...) also counts touching.',
    { a: [40, 40] }, (h) => [{ type: 'rect', x: h.a.x, y: h.a.y, width: 90, height: 60 }, { type: 'rect', x: 140, y: 100, width: 120, height: 90 }]);
  pair('snip-rect-circle', 'Are a circle and rectangle colliding?', 'The snippet compares dx with the full width instead of half: near a corner it says yes too early.',
    { a: [250, 60] }, (h) => [circ(h.a, 35), { type: 'rect', x: 70, y: 80, width: 130, height: 90 }]);
  pair('snip-segment-circle', 'Are a line segment and circle colliding?', 'The segment is A (drag its ends); the push-out moves the segment.',
    { p1: [30, 200], p2: [270, 60] }, (h) => [seg(h.p1, h.p2), circ({ x: 160, y: 120 }, 50)]);
  pair('snip-segment-rect', 'Are line segment and rectangle colliding?', 'The snippet tests only the four sides, so a segment wholly inside is missed; collide2d counts it.',
    { p1: [30, 40], p2: [280, 210] }, (h) => [seg(h.p1, h.p2), { type: 'rect', x: 100, y: 80, width: 110, height: 80 }],
    (h, q, A, B) => {
      const r = q.raycast(B, { origin: h.p1, translation: sub(h.p2, h.p1), maxFraction: 1 });
      return { lines: ['first entry (ray cast):', ...hitLines(r, 'ray')], draw(g) { if (r) g.dot(r.pos, C.safe, 5); } };
    });
  fig(lib, s, {
    id: 'snip-segments', title: 'Are 2 line segments intercepting?', note: 'Segments are closed: a shared endpoint counts. The seed\'s usage example claims true, but its segments do not meet (their lines cross past the end of line 2).',
    handles: { p1: [100, 10], p2: [120, 210], p3: [10, 100], p4: [280, 150] },
    run(h, q) {
      const A = seg(h.p1, h.p2), B = seg(h.p3, h.p4);
      const ov = q.overlap(A, B);
      const p = q.segIntersect({ x1: h.p1.x, y1: h.p1.y, x2: h.p2.x, y2: h.p2.y }, { x1: h.p3.x, y1: h.p3.y, x2: h.p4.x, y2: h.p4.y });
      return {
        state: { overlap: ov },
        draw(g) { g.shape(B, { stroke: C.b, width: 2.5 }); g.shape(A, { stroke: ov ? C.hitFill : C.a, width: 2.5 }); if (p) g.dot(p); },
        lines: [`intersect ${ov}`, p ? `point ${v3(p)}` : 'point none', p ? `fraction along A ${f3(p.fraction)}` : ''],
      };
    },
  });
  pair('snip-convex', 'Are 2 convex polygons colliding? (SAT)', 'Any point cloud: collide2d takes its convex hull. Touching edges do not collide.',
    { a: [90, 90] },
    (h) => [{ type: 'polygon', points: [{ x: h.a.x - 40, y: h.a.y - 30 }, { x: h.a.x + 50, y: h.a.y - 10 }, { x: h.a.x + 10, y: h.a.y + 45 }] },
      { type: 'polygon', points: [{ x: 170, y: 90 }, { x: 230, y: 100 }, { x: 250, y: 160 }, { x: 200, y: 210 }, { x: 140, y: 170 }] }],
    (h, q, A, B) => {
      const m = q.manifold(A, B);
      return { lines: [`manifold points ${m.points.length}`, ...m.points.map((p, i) => `  ${i}: ${v3(p)} depth ${f3(p.depth)}`)], draw(g) { m.points.forEach((p) => g.dot(p, C.normal, 3)); } };
    });
  fig(lib, s, {
    id: 'snip-concave', title: 'Are 2 polygons colliding? (concave allowed)', note: 'A box in the U\'s notch does not collide; a box wholly inside an arm does (the snippet, testing edges only, misses containment).',
    handles: { a: [150, 120] },
    run(h, q) {
      const U = { type: 'concave', points: [{ x: 60, y: 40 }, { x: 110, y: 40 }, { x: 110, y: 170 }, { x: 190, y: 170 }, { x: 190, y: 40 }, { x: 240, y: 40 }, { x: 240, y: 220 }, { x: 60, y: 220 }] };
      const A = box(h.a.x, h.a.y, 30, 20);
      const ov = q.overlap(U, A);
      const inside = q.contains(U, h.a.x, h.a.y);
      return {
        state: { overlap: ov },
        draw(g) { g.shape(U, { stroke: C.b, fill: C.bFill }); g.shape(A, { fill: aFill(ov) }); },
        lines: [`overlap ${ov}`, `box center inside U ${inside}`],
      };
    },
  });
  const contains = (id, title, note, shape, start) => fig(lib, s, {
    id, title, note, handles: { p: start },
    run(h, q) {
      const inside = q.contains(shape, h.p.x, h.p.y);
      return {
        state: { inside },
        draw(g) { g.shape(shape, { stroke: C.b, fill: inside ? C.hitFill : C.bFill }); g.dot(h.p, C.a, 3); },
        lines: [`point ${v3(h.p)}`, `inside ${inside}`],
      };
    },
  });
  const arc = { type: 'arc', x: 150, y: 110, inner: 75, outer: 100, start: 0, end: Math.PI };
  contains('snip-arc', 'Is an X,Y point inside an arc?', `The seed's arc (radii 75..100, angles 0..pi, clockwise on screen), drawn with its center at (${arc.x},${arc.y}) so it fits the canvas. Its closed test counts the boundary; collide2d's open one does not.`,
    arc, [150, 200]);
  contains('snip-wedge', 'Is an X,Y point inside a wedge?', 'Wedge: center, radius 100, angles 0..pi.',
    { type: 'wedge', x: 150, y: 110, r: 100, start: 0, end: Math.PI }, [150, 160]);
  contains('snip-point-circle', 'Is an X,Y point inside a circle?', 'Strict: a point on the circle is outside.',
    { type: 'circle', x: 150, y: 120, r: 80 }, [150, 60]);
  contains('snip-point-rect', 'Is an X,Y point inside a rectangle?', 'The seed\'s rectangle {x:10, y:15, width:25, height:20}, scaled by 6.',
    { type: 'rect', x: 60, y: 60, width: 150, height: 120 }, [120, 100]);
}

// Every shape pair: choose the kinds of A and B.
// The kinds come from ./kinds.js (one row per kind: its shape, its C, its outline).
const KINDS = PAIR_KINDS.map((r) => r.kind);
const makeShape = (kind, c) => KIND_ROW[kind].make(c);

function tryOp(fn) {
  try { return { ok: true, value: fn() }; } catch (e) { return { ok: false, error: e.message }; }
}

function explorerFigure(lib) {
  const s = section('pairs', 'Every shape pair',
    'Pick the kinds of A and B. Drag A\'s center, and the end of A\'s move for the linear cast (dashed: A at the cast\'s safe position). The table shows which queries the library has for each pair.');
  let kindA = 'circle', kindB = 'polygon';
  const f = fig(lib, s, {
    id: 'pairs', title: 'Pair explorer', width: 360, height: 280,
    handles: { a: [120, 110], d: [330, 230] },
    controls(div, self) {
      const sel = (val, set) => {
        const el = document.createElement('select');
        for (const k of KINDS) { const o = document.createElement('option'); o.value = k; o.textContent = k; el.appendChild(o); }
        el.value = val;
        el.addEventListener('change', () => { set(el.value); self.update(); });
        return el;
      };
      div.append('A ', sel(kindA, (v) => { kindA = v; }), ' B ', sel(kindB, (v) => { kindB = v; }));
      self.setKinds = (a, b) => { kindA = a; kindB = b; const [sa, sb] = div.querySelectorAll('select'); sa.value = a; sb.value = b; self.update(); };
    },
    run(h, q) {
      const A = makeShape(kindA, h.a);
      const B = makeShape(kindB, { x: 220, y: 150 });
      const lines = [`A ${kindA} at ${v3(h.a)}`, `B ${kindB} at (220, 150)`];
      const ov = tryOp(() => q.overlap(A, B));
      lines.push(`overlap ${ov.ok ? ov.value : 'n/a'}`);
      const hit = tryOp(() => q.hit(A, B));
      if (hit.ok) lines.push(...hitLines(hit.value));
      const man = tryOp(() => q.manifold(A, B));
      if (man.ok) lines.push(`manifold points ${man.value.points.length}${man.value.points.map((p) => ` ${v3(p)}`).join('')}`);
      const dist = tryOp(() => q.distance(A, B));
      if (dist.ok && dist.value) lines.push(`distance ${f3(dist.value.distance)}`);
      const cast = tryOp(() => q.cast(A, sub(h.d, h.a), B));
      if (cast.ok) lines.push('cast:', ...sweepLines(cast.value));
      return {
        state: { overlap: ov.ok ? ov.value : null, hit: hit.ok ? !!hit.value : null, kindA, kindB,
          ops: Object.entries({ overlap: ov, hit, manifold: man, distance: dist, cast }).filter(([, r]) => r.ok).map(([k]) => k) },
        draw(g) {
          g.shape(B, { stroke: C.b, fill: C.bFill, width: B.type === 'segment' ? 2.5 : 1.5 });
          g.shape(A, { stroke: ov.value ? C.hitFill : C.a, fill: A.type === 'segment' || A.type === 'point' ? null : aFill(ov.value), width: A.type === 'segment' ? 2.5 : 1.5 });
          if (hit.ok) g.contact(hit.value, A, hit.value && moved(A, hit.value.delta));
          if (dist.ok && dist.value && dist.value.distance > 0) g.line(dist.value.pointA, dist.value.pointB, C.normal, [2, 3]);
          if (cast.ok) {
            g.line(h.a, h.d);
            const safe = moved(A, sub(cast.value.pos, A.type === 'point' ? h.a : centerOfBounds(lib, A)));
            if (safe) g.shape(safe, { stroke: C.safe, dash: [5, 4] });
            if (cast.value.hit) g.dot(cast.value.hit.pos, C.safe);
          }
        },
        lines,
      };
    },
  });
  // The support table: which queries exist for each (A, B).
  const table = document.createElement('table');
  table.className = 'pairs';
  const ops = [['o', (a, b) => lib.overlap(a, b)], ['h', (a, b) => lib.hit(a, b)], ['m', (a, b) => lib.manifold(a, b)], ['d', (a, b) => lib.distance(a, b)], ['c', (a, b) => lib.cast(a, { x: 1, y: 0 }, b)]];
  let html = '<tr><th>A \\ B</th>' + KINDS.map((k) => `<th>${k}</th>`).join('') + '</tr>';
  for (const ka of KINDS) {
    html += `<tr><th>${ka}</th>`;
    for (const kb of KINDS) {
      const a = makeShape(ka, { x: 0, y: 0 }), b = makeShape(kb, { x: 10, y: 5 });
      const have = ops.filter(([, fn]) => tryOp(() => fn(a, b)).ok).map(([n]) => n).join('');
      html += `<td data-a="${ka}" data-b="${kb}" style="cursor:pointer">${have || '-'}</td>`;
    }
    html += '</tr>';
  }
  table.innerHTML = html;
  table.addEventListener('click', (e) => { const td = e.target.closest('td'); if (td) f.setKinds(td.dataset.a, td.dataset.b); });
  const p = document.createElement('p');
  p.textContent = 'o overlap, h hit (push-out), m manifold, d distance, c linear cast. Click a cell to load that pair.';
  s.append(p, table);
}

function centerOfBounds(lib, s) {
  const b = lib.bounds(s);
  return b ? { x: (b.minX + b.maxX) / 2, y: (b.minY + b.maxY) / 2 } : { x: 0, y: 0 };
}

// Broad phase: many moving bodies, pairs from a hashed uniform grid (its cells drawn), frame time shown.
function broadphaseFigure(lib) {
  const s = section('broadphase', 'Broad phase: many moving bodies',
    'Circles and boxes bounce in the frame; every step moves their proxies in a uniform grid (the grid lines are its cells), takes the overlapping pairs and confirms each with the exact test. Red: in a colliding pair; blue: in none. Up to 400 bodies the colliding ones are filled and lines join the pairs; above, only thin outlines are drawn (grey for bodies in no pair) so a dense scene stays readable.');
  const W = 540, H = 360, CELL = 36;
  let bodies = null, vel = [], n = 0, running = true, lastMs = 0, lastPairs = 0, avg = 0;
  const make = (count) => {
    if (bodies) bodies.destroy();
    bodies = lib.createBodies(count, { index: 'grid', cellSize: CELL });
    const r = rng(7);
    vel = [];
    for (let i = 0; i < count; i++) {
      const x = 20 + r() * (W - 40), y = 20 + r() * (H - 40);
      if (i % 3 === 0) { const hs = 4 + r() * 6; bodies.addBox(x - hs, y - hs, x + hs, y + hs); } else bodies.addCircle(x, y, 3 + r() * 5);
      vel.push((r() - 0.5) * 2, (r() - 0.5) * 2);
    }
    n = count;
  };
  make(400);
  const f = fig(lib, s, {
    id: 'broadphase', title: 'Uniform grid, moving bodies', width: W, height: H,
    controls(div) {
      div.innerHTML = '<button data-n="200">200</button><button data-n="400">400</button><button data-n="1000">1000</button><button data-n="2000">2000</button> <button data-run>pause / run</button>';
      div.addEventListener('click', (e) => {
        if (e.target.dataset.n) { make(Number(e.target.dataset.n)); f.update(); }
        if (e.target.hasAttribute('data-run')) running = !running;
      });
    },
    run() {
      const t0 = performance.now();
      const res = bodies.collide();
      const ms = performance.now() - t0;
      avg = avg ? 0.9 * avg + 0.1 * ms : ms;
      lastMs = ms; lastPairs = res.count;
      const inPair = new Uint8Array(n);
      for (let i = 0; i < 2 * res.count; i++) inPair[res.pairs[i]] = 1;
      return {
        state: { pairs: res.count, bodies: n },
        draw(g) {
          const ctx = g.ctx;
          ctx.save(); ctx.strokeStyle = '#eee'; ctx.beginPath();
          for (let x = 0; x <= W; x += CELL) { ctx.moveTo(x, 0); ctx.lineTo(x, H); }
          for (let y = 0; y <= H; y += CELL) { ctx.moveTo(0, y); ctx.lineTo(W, y); }
          ctx.stroke(); ctx.restore();
          const q = bodies.params;
          // Readable when dense: bodies outside every pair are faint grey outlines; a colliding
          // body gets a red outline, filled only while the scene is sparse (at 2,000 bodies most
          // bodies collide, and fills and pair lines would paint the frame solid red); pair lines only
          // while sparse.
          const sparse = n <= 400;
          const hitStyle = { stroke: C.hitFill, fill: sparse ? 'rgba(214,39,40,0.4)' : null, width: sparse ? 1.5 : 0.75 };
          const freeStyle = { stroke: sparse ? C.a : 'rgba(60,60,60,0.35)', fill: null, width: 1 };
          for (let i = 0; i < n; i++) {
            const o = 4 * i;
            const isBox = i % 3 === 0;
            const style = inPair[i] ? hitStyle : freeStyle;
            if (isBox) g.shape({ type: 'aabb', minX: q[o], minY: q[o + 1], maxX: q[o + 2], maxY: q[o + 3] }, style);
            else g.shape({ type: 'circle', x: q[o], y: q[o + 1], r: q[o + 2] }, style);
          }
          ctx.save(); ctx.strokeStyle = 'rgba(214,39,40,0.8)'; ctx.beginPath();
          for (let k = 0; sparse && k < res.count; k++) {
            const a = 4 * res.pairs[2 * k], b = 4 * res.pairs[2 * k + 1];
            const ca = res.pairs[2 * k] % 3 === 0 ? [(q[a] + q[a + 2]) / 2, (q[a + 1] + q[a + 3]) / 2] : [q[a], q[a + 1]];
            const cb = res.pairs[2 * k + 1] % 3 === 0 ? [(q[b] + q[b + 2]) / 2, (q[b + 1] + q[b + 3]) / 2] : [q[b], q[b + 1]];
            ctx.moveTo(ca[0], ca[1]); ctx.lineTo(cb[0], cb[1]);
          }
          ctx.stroke(); ctx.restore();
        },
        lines: [`bodies ${n}`, `colliding pairs ${lastPairs}`, `collide() ${lastMs.toFixed(3)} ms (avg ${avg.toFixed(3)} ms)`, 'index: grid, cell 36'],
      };
    },
  });
  const step = () => {
    if (running) {
      const p = bodies.params;
      for (let i = 0; i < n; i++) {
        const o = 4 * i, isBox = i % 3 === 0;
        let vx = vel[2 * i], vy = vel[2 * i + 1];
        const x0 = p[o], y0 = p[o + 1], x1 = isBox ? p[o + 2] : p[o] + p[o + 2], y1 = isBox ? p[o + 3] : p[o + 1] + p[o + 2];
        const lx = isBox ? x0 : x0 - p[o + 2], ly = isBox ? y0 : y0 - p[o + 2];
        if ((lx + vx < 0 && vx < 0) || (x1 + vx > W && vx > 0)) vx = vel[2 * i] = -vx;
        if ((ly + vy < 0 && vy < 0) || (y1 + vy > H && vy > 0)) vy = vel[2 * i + 1] = -vy;
        p[o] += vx; p[o + 1] += vy;
        if (isBox) { p[o + 2] += vx; p[o + 3] += vy; }
      }
      f.update();
    }
    requestAnimationFrame(step);
  };
  requestAnimationFrame(step);
}

async function main() {
  const status = document.getElementById('status');
  try {
    const lib = await load();
    status.textContent = `collide2d ${Math.floor(lib.version / 10000)}.${Math.floor(lib.version / 100) % 100}.${lib.version % 100}, WebAssembly, double precision.`;
    articleFigures(lib);
    rectsFigure(lib);
    mdnFigure(lib);
    bumpFigure(lib);
    snippetFigures(lib);
    explorerFigure(lib);
    broadphaseFigure(lib);
    platformerFigure(lib);
    window.c2dPage = {
      ready: true,
      lib,
      figures,
      // What each figure shows now: the queries it made (inputs and results) and its state.
      report() {
        return Object.values(figures).filter((f) => f.id !== 'broadphase').map((f) => ({
          id: f.id, state: f.state, cases: f.fullCases ? f.fullCases() : f.cases,
        }));
      },
      handleAt(id, name) {
        const f = figures[id];
        const c = f.canvas, r = c.getBoundingClientRect();
        const h = f.handles[name];
        return { x: r.left + c.clientLeft + h.x * (c.clientWidth / c.width), y: r.top + c.clientTop + h.y * (c.clientHeight / c.height) };
      },
    };
  } catch (e) {
    status.textContent = `failed: ${e.message}`;
    status.className = 'error';
    throw e;
  }
}

main();
