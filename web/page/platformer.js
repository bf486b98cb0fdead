// The live page's platformer: a character driven by collide2d's mover (../src/mover.js) through a
// level of separate tile boxes, 30 and 45 degree slopes, a slope too steep to climb, stairs that
// step-up climbs, a one-way platform and a moving platform. The character's physics is a few lines
// of JavaScript: each fixed step (1/60 s) it turns the keys into a velocity, adds gravity, and asks
// the mover for that translation; the mover's result says whether it stands on the ground.
//
// World units: 1 = one tile, y up. Every call to the mover world is recorded (world.trace) so that
// the browser test can replay the same calls through the native build and compare positions.
import { MoverWorld } from '../src/mover.js';
import { teachBlock, renderCode } from './teach.js';

const DT = 1 / 60;
const SCALE = 32;               // px per unit on the canvas bitmap
const VIEW_W = 20, VIEW_H = 10; // units shown
const RUN = 6, JUMP = 12, GRAVITY = 30, MAX_FALL = 20;
const DEG = Math.PI / 180;
export const PLATFORMER_CONFIG = {
  skin: 0.02, maxSlope: 50 * DEG, minSlideSlope: 50 * DEG, stepHeight: 0.45, snapDistance: 0.5,
};
const TRACE_LIMIT = 200000;     // lines; recording stops beyond (about an hour of play)

// The level: every tile is its own box (nothing merged), so seams are everywhere.
export function platformerLevel() {
  const tiles = [];   // [x, y] lower-left corners of unit tiles
  const polys = [];   // slopes: convex polygons (world frame), with a label
  const boxes = [];   // stairs and other non-unit boxes [minX, minY, maxX, maxY]
  for (let x = -1; x < 61; x++) tiles.push([x, -1]);                 // the floor
  for (let y = 0; y < 8; y++) { tiles.push([-1, y]); tiles.push([60, y]); }  // walls
  for (let x = 20; x < 24; x++) for (let y = 0; y < 2; y++) tiles.push([x, y]);  // plateau after 30 deg
  const t30 = 2 / Math.tan(30 * DEG);
  polys.push({ label: '30\u00b0', points: [[20 - t30, 0], [20, 0], [20, 2]] });
  polys.push({ label: '45\u00b0', points: [[24, 0], [26, 0], [24, 2]] });
  for (let k = 0; k < 5; k++) boxes.push([28 + k, 0, 29 + k, 0.4 * (k + 1)]);  // stairs, 0.4 high
  for (let x = 33; x < 36; x++) for (let y = 0; y < 2; y++) tiles.push([x, y]);  // landing
  const t65 = 3 / Math.tan(65 * DEG);
  polys.push({ label: '65\u00b0', points: [[42 - t65, 0], [42, 0], [42, 3]] });  // too steep
  for (let x = 42; x < 45; x++) for (let y = 0; y < 3; y++) tiles.push([x, y]);
  for (let x = 52; x < 55; x++) tiles.push([x, 0]);                  // a small bump
  return {
    tiles, polys, boxes,
    oneWay: [6, 1.7, 10, 2.0],                        // solid from above only; walk under it
    platform: { w: 2, h: 0.3, y: 2.9, x0: 36.2, x1: 39.8, period: 240 },  // moves along x
    spawn: { x: 3, y: 1.5 },
    width: 61,
  };
}

export const PLAYER_SHAPES = {
  box: { type: 'aabb', minX: -0.4, minY: -0.7, maxX: 0.4, maxY: 0.7 },
  circle: { type: 'circle', x: 0, y: 0, r: 0.6 },
  capsule: { type: 'capsule', x1: 0, y1: -0.3, x2: 0, y2: 0.3, r: 0.4 },
  octagon: { type: 'polygon', points: Array.from({ length: 8 }, (_, i) => ({ x: 0.6 * Math.cos((i + 0.5) * Math.PI / 4), y: 0.65 * Math.sin((i + 0.5) * Math.PI / 4) })) },
};

// The platform's x at a frame (a smooth back and forth).
function platformX(p, frame) {
  return p.x0 + (p.x1 - p.x0) * 0.5 * (1 - Math.cos(2 * Math.PI * frame / p.period));
}

const CSS = `
.platformer { margin: 8px 0 16px; max-width: 100%; }
.platformer .pf-row { display: flex; flex-wrap: wrap; gap: 10px; align-items: flex-start; }
.platformer canvas { display: block; box-sizing: border-box; width: 640px; max-width: 100%; height: auto; border: 1px solid #bbb; background: #f7fbff; touch-action: none; }
.platformer canvas:focus { outline: 2px solid #4a6fa5; }
.platformer pre { margin: 0; font: 12px/1.35 ui-monospace, monospace; white-space: pre-wrap; min-width: 0; max-width: 330px; }
.platformer .pf-touch { display: flex; gap: 8px; margin: 8px 0 0; flex-wrap: wrap; }
.platformer .pf-touch button { min-width: 64px; min-height: 48px; font-size: 18px; touch-action: none; user-select: none; -webkit-user-select: none; }
.platformer .pf-touch .pf-jump { min-width: 96px; }
.platformer .note { margin: 4px 0 0; max-width: 640px; color: #555; font-size: 13px; }
.platformer select, .platformer .pf-reset { margin: 0 6px 6px 0; }
`;

/** Builds the platformer figure (appended to #figures, with a table-of-contents link) and starts
 * its loop. Returns the figure's handle, also set as window.c2dPlatformer. */
export function platformerFigure(lib) {
  if (!document.getElementById('platformer-css')) {
    const st = document.createElement('style');
    st.id = 'platformer-css';
    st.textContent = CSS;
    document.head.appendChild(st);
  }
  const main = document.getElementById('figures');
  const h = document.createElement('h2');
  h.id = 'platformer';
  h.textContent = 'Character mover: a platformer';
  main.appendChild(h);
  const toc = document.getElementById('toc');
  if (toc) { const a = document.createElement('a'); a.href = '#platformer'; a.textContent = h.textContent; toc.appendChild(a); }
  const el = document.createElement('section');
  el.className = 'platformer';
  el.id = 'fig-platformer';
  el.innerHTML = `
<p>Click the game (or tap the buttons), then: <b>&larr; &rarr;</b> walk, <b>space</b> or <b>&uarr;</b> jump, <b>&darr;</b> drop through the one-way platform.
The character is moved by <code>c2d_mover_move</code>: it slides, keeps a skin gap, climbs the 30&deg; and 45&deg; slopes but not the 65&deg; one,
steps up the stairs, snaps to the ground going down, stands on the one-way platform and rides the moving one. Every tile is a separate box.</p>
<div><label>shape <select class="pf-shape">${Object.keys(PLAYER_SHAPES).map((k) => `<option>${k}</option>`).join('')}</select></label>
<button class="pf-reset">restart</button></div>
<div class="pf-row"><div><canvas tabindex="0" aria-label="platformer game"></canvas>
<div class="pf-touch"><button data-key="left" aria-label="left">&#9664;</button><button data-key="right" aria-label="right">&#9654;</button>
<button data-key="down" aria-label="drop">&#9660;</button><button data-key="jump" class="pf-jump" aria-label="jump">jump</button></div></div>
<pre class="pf-readout"></pre></div>
<p class="note">Gravity ${GRAVITY}, jump speed ${JUMP}, run speed ${RUN} tiles/s, fixed step 1/60 s; mover: skin ${PLATFORMER_CONFIG.skin}, max slope 50&deg;, step ${PLATFORMER_CONFIG.stepHeight}, snap ${PLATFORMER_CONFIG.snapDistance}.</p>`;
  main.appendChild(el);
  renderCode(teachBlock(el, 'platformer'), 'platformer', {}, {});   // the prose and the C call (./teach.js)
  const canvas = el.querySelector('canvas');
  canvas.width = VIEW_W * SCALE;
  canvas.height = VIEW_H * SCALE;
  const ctx = canvas.getContext('2d');
  const readout = el.querySelector('.pf-readout');
  const level = platformerLevel();

  const held = { left: false, right: false, down: false, jump: false };
  const fig = { el, canvas, level, held, history: [], frame: 0, paused: false };
  let world, player, platformId, vy, jumpBuffer, last, shapeName = 'box';

  function build() {
    if (world) world.destroy();
    world = new MoverWorld(lib, { trace: true, capacity: 512 });
    for (const [x, y] of level.tiles) world.addBox(x, y, x + 1, y + 1);
    for (const b of level.boxes) world.addBox(b[0], b[1], b[2], b[3]);
    for (const p of level.polys) world.addShape({ type: 'polygon', points: p.points.map(([x, y]) => ({ x, y })) });
    const o = level.oneWay;
    world.addBox(o[0], o[1], o[2], o[3], { oneWay: { x: 0, y: 1 } });
    const P = level.platform;
    platformId = world.addShape({ type: 'aabb', minX: 0, minY: 0, maxX: P.w, maxY: P.h }, { x: platformX(P, 0), y: P.y }, { static: false });
    player = world.createMover(PLAYER_SHAPES[shapeName], level.spawn, PLATFORMER_CONFIG);
    world.update();
    vy = 0;
    jumpBuffer = 0;
    last = null;
    fig.frame = 0;
    fig.builds = (fig.builds || 0) + 1;
    fig.history = [];
    fig.world = world;
    fig.platformId = platformId;
    fig.player = player;
    fig.shape = shapeName;
  }

  // One fixed step of the game: platform, then the character.
  function step() {
    const P = level.platform;
    fig.frame++;
    world.setPosition(platformId, platformX(P, fig.frame), P.y);
    const ax = (held.right ? 1 : 0) - (held.left ? 1 : 0);
    if (held.jump) jumpBuffer = 6;
    let jumped = false;
    if (jumpBuffer > 0 && last && last.grounded) { vy = JUMP; jumpBuffer = 0; jumped = true; }
    if (jumpBuffer > 0) jumpBuffer--;
    vy = Math.max(vy - GRAVITY * DT, -MAX_FALL);
    const dx = ax * RUN * DT, dy = vy * DT;
    const drop = held.down;
    const r = player.move(dx, dy, { dropThrough: drop });
    if (r.grounded && vy < 0) vy = 0;
    if (r.hitCeiling && vy > 0) vy = 0;
    if (r.position.y < -8) { world.setPosition(player.collider, level.spawn.x, level.spawn.y); player.reset(); vy = 0; }
    last = r;
    fig.history.push({ frame: fig.frame, keys: { ...held }, dx, dy, drop, result: r });
    if (fig.history.length > 6000) fig.history.splice(0, 1000);
    if (world.trace && world.trace.length > TRACE_LIMIT) world.trace = null;
  }

  const W = VIEW_W, H = VIEW_H;
  function draw() {
    const pos = last ? last.position : level.spawn;
    const camX = Math.min(Math.max(pos.x - W / 2, -1), level.width - W);
    const camY = Math.min(Math.max(pos.y - H * 0.4, -1), 6);
    const sx = (x) => (x - camX) * SCALE, sy = (y) => (H - (y - camY)) * SCALE;
    ctx.clearRect(0, 0, canvas.width, canvas.height);
    ctx.lineWidth = 1;
    for (const [x, y] of level.tiles) {
      if (x + 1 < camX || x > camX + W) continue;
      ctx.fillStyle = '#c9b48a'; ctx.strokeStyle = '#8a7650';
      ctx.fillRect(sx(x), sy(y + 1), SCALE, SCALE);
      ctx.strokeRect(sx(x) + 0.5, sy(y + 1) + 0.5, SCALE - 1, SCALE - 1);
    }
    for (const b of level.boxes) {
      ctx.fillStyle = '#b9c6d6'; ctx.strokeStyle = '#61758c';
      ctx.fillRect(sx(b[0]), sy(b[3]), (b[2] - b[0]) * SCALE, (b[3] - b[1]) * SCALE);
      ctx.strokeRect(sx(b[0]) + 0.5, sy(b[3]) + 0.5, (b[2] - b[0]) * SCALE - 1, (b[3] - b[1]) * SCALE - 1);
    }
    for (const p of level.polys) {
      ctx.fillStyle = p.label.startsWith('65') ? '#e3a3a3' : '#a8d5a2';
      ctx.strokeStyle = p.label.startsWith('65') ? '#a33' : '#3a7a33';
      ctx.beginPath();
      p.points.forEach(([x, y], i) => (i ? ctx.lineTo(sx(x), sy(y)) : ctx.moveTo(sx(x), sy(y))));
      ctx.closePath(); ctx.fill(); ctx.stroke();
      const cx = p.points.reduce((s, q) => s + q[0], 0) / 3, cy = p.points.reduce((s, q) => s + q[1], 0) / 3;
      ctx.fillStyle = '#222'; ctx.font = '11px system-ui, sans-serif'; ctx.fillText(p.label, sx(cx) - 10, sy(cy) + 4);
    }
    const o = level.oneWay;
    ctx.fillStyle = 'rgba(148,103,189,0.35)'; ctx.strokeStyle = '#9467bd';
    ctx.fillRect(sx(o[0]), sy(o[3]), (o[2] - o[0]) * SCALE, (o[3] - o[1]) * SCALE);
    ctx.setLineDash([6, 4]); ctx.beginPath(); ctx.moveTo(sx(o[0]), sy(o[3]) + 0.5); ctx.lineTo(sx(o[2]), sy(o[3]) + 0.5); ctx.stroke(); ctx.setLineDash([]);
    ctx.fillStyle = '#222'; ctx.font = '11px system-ui, sans-serif'; ctx.fillText('one-way', sx(o[0]) + 4, sy(o[3]) - 4);
    const P = level.platform, px = platformX(P, fig.frame);
    ctx.fillStyle = '#ff7f0e'; ctx.strokeStyle = '#a0500a';
    ctx.fillRect(sx(px), sy(P.y + P.h), P.w * SCALE, P.h * SCALE);
    ctx.strokeRect(sx(px) + 0.5, sy(P.y + P.h) + 0.5, P.w * SCALE - 1, P.h * SCALE - 1);
    ctx.fillStyle = '#222'; ctx.fillText('moving', sx(px) + 8, sy(P.y + P.h) - 4);
    ctx.fillText('stairs', sx(28.6), sy(2.4));
    // the character
    const s = PLAYER_SHAPES[shapeName];
    ctx.fillStyle = last && last.grounded ? 'rgba(74,111,165,0.85)' : 'rgba(214,39,40,0.85)';
    ctx.strokeStyle = '#1f3550';
    ctx.beginPath();
    if (s.type === 'aabb') ctx.rect(sx(pos.x + s.minX), sy(pos.y + s.maxY), (s.maxX - s.minX) * SCALE, (s.maxY - s.minY) * SCALE);
    else if (s.type === 'circle') ctx.arc(sx(pos.x + s.x), sy(pos.y + s.y), s.r * SCALE, 0, 2 * Math.PI);
    else if (s.type === 'capsule') {
      ctx.arc(sx(pos.x + s.x2), sy(pos.y + s.y2), s.r * SCALE, Math.PI, 0);
      ctx.arc(sx(pos.x + s.x1), sy(pos.y + s.y1), s.r * SCALE, 0, Math.PI);
      ctx.closePath();
    } else {
      s.points.forEach((q, i) => (i ? ctx.lineTo(sx(pos.x + q.x), sy(pos.y + q.y)) : ctx.moveTo(sx(pos.x + q.x), sy(pos.y + q.y))));
      ctx.closePath();
    }
    ctx.fill(); ctx.stroke();
    if (last) {
      for (const c of last.contacts) {
        ctx.fillStyle = c.kind === 'ground' ? '#2ca02c' : c.kind === 'wall' ? '#d62728' : '#9467bd';
        ctx.beginPath(); ctx.arc(sx(c.point.x), sy(c.point.y), 3, 0, 2 * Math.PI); ctx.fill();
      }
      if (last.grounded) {
        const n = last.groundNormal, bx = sx(pos.x), by = sy(pos.y);
        ctx.strokeStyle = '#2ca02c'; ctx.lineWidth = 2;
        ctx.beginPath(); ctx.moveTo(bx, by); ctx.lineTo(bx + n.x * 40, by - n.y * 40); ctx.stroke();
        ctx.lineWidth = 1;
      }
    }
    const f3 = (x) => (Math.abs(x) < 5e-4 ? '0.000' : x.toFixed(3));
    const v = (p) => `(${f3(p.x)}, ${f3(p.y)})`;
    const lines = [`frame ${fig.frame}   shape ${shapeName}`, `position ${v(pos)}`];
    if (last) {
      lines.push(`grounded ${last.grounded}`,
        `ground normal ${last.grounded ? v(last.groundNormal) : '-'}  ${last.grounded ? (last.groundAngle / DEG).toFixed(1) + '\u00b0' : ''}`,
        `moved ${v(last.moved)}${last.carried.x || last.carried.y ? `  carried ${v(last.carried)}` : ''}`,
        `wall ${last.hitWall ? v(last.wallNormal) : '-'}  ceiling ${last.hitCeiling ? v(last.ceilingNormal) : '-'}`,
        `stepped ${last.stepped}  snapped ${last.snapped}`,
        `contacts ${last.contactCount}`);
      last.contacts.forEach((c) => lines.push(`  ${c.kind.padEnd(7)} n ${v(c.normal)} #${c.collider}`));
    }
    readout.textContent = lines.join('\n');
  }

  // Keys on the canvas (so that the arrows still scroll the page elsewhere), touch buttons.
  const keyOf = { ArrowLeft: 'left', ArrowRight: 'right', ArrowDown: 'down', ArrowUp: 'jump', ' ': 'jump', Spacebar: 'jump' };
  canvas.addEventListener('keydown', (e) => { const k = keyOf[e.key]; if (k) { held[k] = true; e.preventDefault(); } });
  canvas.addEventListener('keyup', (e) => { const k = keyOf[e.key]; if (k) { held[k] = false; e.preventDefault(); } });
  canvas.addEventListener('blur', () => { for (const k in held) held[k] = false; });
  canvas.addEventListener('pointerdown', () => canvas.focus());
  for (const b of el.querySelectorAll('.pf-touch button')) {
    const k = b.dataset.key;
    const up = () => { held[k] = false; };
    b.addEventListener('pointerdown', (e) => { held[k] = true; b.setPointerCapture(e.pointerId); e.preventDefault(); });
    b.addEventListener('pointerup', up);
    b.addEventListener('pointercancel', up);
    b.addEventListener('lostpointercapture', up);
    b.addEventListener('contextmenu', (e) => e.preventDefault());
  }
  el.querySelector('.pf-shape').addEventListener('change', (e) => { shapeName = e.target.value; build(); draw(); });
  el.querySelector('.pf-reset').addEventListener('click', () => { build(); draw(); });

  // Fixed steps from the real time elapsed (at most 5 per animation frame).
  let acc = 0, prev = null;
  function loop(t) {
    if (prev !== null && !fig.paused) {
      acc = Math.min(acc + (t - prev) / 1000, 5 * DT);
      while (acc >= DT) { step(); acc -= DT; }
    }
    prev = t;
    draw();
    requestAnimationFrame(loop);
  }
  build();
  draw();
  requestAnimationFrame(loop);

  // For the browser test and the console.
  fig.state = () => ({ frame: fig.frame, shape: shapeName, last, vy });
  fig.step = (n = 1) => { for (let i = 0; i < n; i++) step(); draw(); };
  fig.teleport = (x, y) => { world.setPosition(player.collider, x, y); player.reset(); vy = 0; };
  fig.rebuild = (shape) => { if (shape) shapeName = shape; el.querySelector('.pf-shape').value = shapeName; build(); draw(); };
  window.c2dPlatformer = fig;
  return fig;
}
