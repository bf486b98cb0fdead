// A world move / check / project result (World.move in src/index.js) in the form the native
// reference prints for wmove / wcheck / wproject (web/native/c2d_ref.c), for comparing the two.
// Used by the page (its recorded cases) and by the node tests.
const CODES = { touch: 1, cross: 2, slide: 3, bounce: 4 };

export function moveView(m) {
  return {
    x: m.x, y: m.y, total: m.total, capped: m.capped,
    collisions: m.collisions.map((c) => ({
      other: c.other, response: CODES[c.type] ?? 16, overlaps: c.overlaps, ti: c.ti,
      normal: c.normal, touch: c.touch, slide: c.slide, bounce: c.bounce,
    })),
  };
}
