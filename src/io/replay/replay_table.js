// The replay page's drawing kit (replay.html; page.cc puts it before replay.js in one
// script): colours, terrain styles, SVG and HTML helpers, stand geometry, and the ground:
// table, terrain, objectives, scale bar and legend, drawn once.
// Table frame: x east, y north, mm; facings are compass bearings (0 = north, 90 = east).
const ReplayTable = (function () {
  'use strict';
  const NS = document.getElementById('table').namespaceURI;

  const SIDE_COLOURS = ['#2f5fb3', '#b3322f', '#2f8f4f', '#8a4fb3', '#b37a2f'];
  const MARK_CLASSES = ['routed', 'shaken', 'disordered', 'halted', 'engaged', 'removed'];
  const MARK_STYLE = {
    routed: ['R', '#c00'], shaken: ['S', '#e07b00'], disordered: ['D', '#7a5a00'],
    halted: ['H', '#555'], engaged: ['E', '#700'], removed: ['X', '#000'],
  };
  const TERRAIN = {
    'open': ['#e6e2c8', 'open ground'], 'road': ['#b08d57', 'road'],
    'light-woods': ['#9cc48a', 'light woods'], 'heavy-woods': ['#4f8a45', 'heavy woods'],
    'rough': ['#c9b48a', 'rough ground'], 'marsh': ['#9fc2c0', 'marsh'],
    'stream': ['#4a86c5', 'stream'], 'hill': ['#b9a57c', 'hill'],
    'obstacle': ['#5b4026', 'wall, hedge or fence'], 'building': ['#8c8782', 'building'],
    'earthworks': ['#8a6d4b', 'earthworks'], 'protective': ['#a39b8c', 'protective ground'],
  };

  // ---- helpers ----
  function el(tag, attrs, parent) {
    const e = document.createElementNS(NS, tag);
    for (const k in attrs) e.setAttribute(k, attrs[k]);
    if (parent) parent.appendChild(e);
    return e;
  }
  function html(tag, text, parent, cls) {
    const e = document.createElement(tag);
    if (text !== undefined && text !== null) e.textContent = text;
    if (cls) e.className = cls;
    if (parent) parent.appendChild(e);
    return e;
  }
  const fmt = (v) => (typeof v === 'number' ? (Number.isInteger(v) ? String(v) : v.toFixed(1)) : String(v));
  function corners(st) {
    // st = [x, y, facing, width, depth, figures, castings, removed]
    const f = st[2] * Math.PI / 180;
    const fw = [Math.sin(f), Math.cos(f)];
    const rt = [Math.cos(f), -Math.sin(f)];
    const hw = st[3] / 2, hd = st[4] / 2;
    return [[1, 1], [-1, 1], [-1, -1], [1, -1]].map(([a, b]) =>
      [st[0] + rt[0] * hw * a + fw[0] * hd * b, st[1] + rt[1] * hw * a + fw[1] * hd * b]);
  }
  function inside(p, st, tol) {
    const f = st[2] * Math.PI / 180;
    const dx = p[0] - st[0], dy = p[1] - st[1];
    const along = dx * Math.sin(f) + dy * Math.cos(f);
    const across = dx * Math.cos(f) - dy * Math.sin(f);
    return Math.abs(along) <= st[4] / 2 + tol && Math.abs(across) <= st[3] / 2 + tol;
  }

  // The ground under the battle, drawn once into `svg`; `colour(side)` and `sideName(side)`
  // style the legend.
  function drawGround(svg, snap, profile, colour, sideName) {
    const W = snap.table.width;
    const H = snap.table.height;
    const sx = (x) => x;
    const sy = (y) => H - y;
    const pts = (list) => list.map((p) => sx(p[0]) + ',' + sy(p[1])).join(' ');
    const lengthUnit = snap.unit || 'mm';
    const mmPerUnit = snap.mm_per_unit || 1;
    const margin = Math.max(W, H) * 0.03;
    svg.setAttribute('viewBox', [-margin, -margin, W + 2 * margin, H + 3 * margin].join(' '));
    svg.setAttribute('preserveAspectRatio', 'xMidYMid meet');
    // Text in table units (mm), sized to the table so that it reads the same on any table.
    svg.style.fontSize = (Math.max(W, H) / 85).toFixed(1) + 'px';
    el('rect', { x: 0, y: 0, width: W, height: H, fill: TERRAIN.open[0], stroke: '#777' }, svg);
    const used = new Set();
    const terrain = el('g', { id: 'terrain' }, svg);
    snap.table.areas.slice().sort((a, b) => (a.elevation || 0) - (b.elevation || 0)).forEach((a) => {
      used.add(a.class);
      const t = TERRAIN[a.class] || ['#ccc', a.class];
      let fill = t[0];
      if (a.class === 'hill') fill = 'hsl(38, 30%, ' + Math.max(35, 68 - 8 * (a.elevation || 1)) + '%)';
      const p = el('polygon', {
        points: pts(a.points), fill: fill, stroke: 'rgba(0,0,0,.35)', 'stroke-width': 1.5,
        class: 'area ' + a.class,
      }, terrain);
      el('title', {}, p).textContent = (a.id ? a.id + ': ' : '') + t[1] +
        (a.elevation ? ', level ' + a.elevation : '') + (a.blocks_sight ? ', blocks sight' : '');
      if (a.elevation) {
        let x = 0, y = 0;
        a.points.forEach((q) => { x += q[0]; y += q[1]; });
        el('text', { x: sx(x / a.points.length), y: sy(y / a.points.length), class: 'elev',
          'text-anchor': 'middle' }, terrain).textContent = '▲' + a.elevation;
      }
    });
    snap.table.linears.forEach((l) => {
      used.add(l.class);
      const t = TERRAIN[l.class] || ['#666', l.class];
      const line = el('polyline', {
        points: pts(l.points), fill: 'none', stroke: t[0], 'stroke-width': Math.max(l.width || 0, 3),
        'stroke-linecap': 'round', 'stroke-linejoin': 'round', class: 'linear ' + l.class,
      }, terrain);
      if (l.class === 'obstacle') line.setAttribute('stroke-dasharray', '6 3');
      el('title', {}, line).textContent = (l.id ? l.id + ': ' : '') + t[1];
    });
    // Objectives: replay.js colours each by its holder at every step.
    const objectives = (snap.objectives || []).map((o) => {
      const c = el('circle', { cx: sx(o.position[0]), cy: sy(o.position[1]), r: Math.max(o.radius, 5),
        class: 'objective', 'data-objective': o.id }, svg);
      const title = el('title', {}, c);
      // The name just above the circle, clear of the troops fighting in it.
      const label = el('text', { x: sx(o.position[0]), y: sy(o.position[1]) - Math.max(o.radius, 5) - 4,
        'text-anchor': 'middle', class: 'obj-label' }, svg);
      label.textContent = '★ ' + (o.name || o.id);
      return { o: o, circle: c, title: title, label: label };
    });
    {
      // A scale bar about a fifth of the table wide, in a round number of the rule unit.
      const target = W / mmPerUnit / 5;
      const mag = Math.pow(10, Math.floor(Math.log10(target)));
      const n = [1, 2, 5, 10].map((k) => k * mag).filter((v) => v <= target).pop() || mag;
      const g = el('g', { class: 'scale' }, svg);
      const y = H + margin * 0.9;
      const len = n * mmPerUnit;
      el('rect', { x: 0, y: y, width: len, height: margin * 0.3, fill: '#333' }, g);
      el('rect', { x: len / 2, y: y, width: len / 2, height: margin * 0.3, fill: '#fff', stroke: '#333' }, g);
      el('text', { x: len + margin * 0.4, y: y + margin * 0.3 }, g).textContent =
        fmt(n) + ' ' + (profile.unit_name || lengthUnit) + '  (table ' + fmt(W / mmPerUnit) + ' × ' +
        fmt(H / mmPerUnit) + ' ' + lengthUnit + ')';
    }
    {
      const legend = document.getElementById('legend');
      const add = (draw, label) => {
        const s = html('span', null, legend);
        const icon = document.createElementNS(NS, 'svg');
        icon.setAttribute('viewBox', '0 0 22 12');
        draw(icon);
        s.appendChild(icon);
        html('span', label, s);
      };
      used.forEach((c) => {
        const t = TERRAIN[c] || ['#ccc', c];
        const linear = snap.table.linears.some((l) => l.class === c);
        add((g) => linear ? el('line', { x1: 1, y1: 6, x2: 21, y2: 6, stroke: t[0], 'stroke-width': 4 }, g)
          : el('rect', { x: 1, y: 1, width: 20, height: 10, fill: t[0], stroke: '#555' }, g), t[1]);
      });
      snap.sides.forEach((s, i) => add((g) => el('rect', { x: 1, y: 2, width: 20, height: 8, fill: colour(i) }, g),
        sideName(i)));
      add((g) => el('circle', { cx: 11, cy: 6, r: 5, class: 'objective' }, g), 'objective (coloured by holder)');
      if ((snap.leaders || []).length) {
        add((g) => el('polygon', { points: '11,1 16,6 11,11 6,6', class: 'leader-mark', fill: '#fff',
          stroke: '#333', 'stroke-width': 1.5 }, g), 'leader');
      }
      Object.keys(MARK_STYLE).forEach((k) => add((g) => {
        el('text', { x: 11, y: 10, 'text-anchor': 'middle', class: 'badge', fill: MARK_STYLE[k][1] }, g)
          .textContent = MARK_STYLE[k][0];
      }, k));
      add((g) => el('line', { x1: 1, y1: 6, x2: 21, y2: 6, class: 'shot fire' }, g), 'fire');
      add((g) => el('line', { x1: 1, y1: 6, x2: 21, y2: 6, class: 'shot charge' }, g), 'charge');
    }
    return { objectives: objectives };
  }

  // Moves labels that would cover one another, from the lowest on the table up: each goes
  // to the nearest clear place a whole line up or down (up first, at most six lines), and
  // stays put when there is none, so that the names of units in contact stay readable.
  // `fixed` are boxes (getBBox) that stay where they are and that labels move off.
  function spreadLabels(labelEls, fixed) {
    const placed = fixed.slice();
    const labels = labelEls.filter((l) => l.textContent && l.style.display !== 'none')
      .map((l) => ({ l: l, y: Number(l.getAttribute('y')), b: l.getBBox() }))
      .sort((a, b) => b.y - a.y);
    labels.forEach((x) => {
      const line = x.b.height || 1;
      const hits = (dy) => placed.some((p) => x.b.x < p.x + p.width && p.x < x.b.x + x.b.width &&
        x.b.y - dy < p.y + p.height && p.y < x.b.y - dy + x.b.height);
      let dy = 0;
      for (let k = 1; k <= 6 && hits(dy); ++k) {
        if (!hits(k * line)) dy = k * line;
        else if (!hits(-k * line)) dy = -k * line;
      }
      if (hits(dy)) dy = 0;
      if (dy) x.l.setAttribute('y', x.y - dy);
      placed.push({ x: x.b.x, y: x.b.y - dy, width: x.b.width, height: x.b.height });
    });
  }

  return { NS, SIDE_COLOURS, MARK_CLASSES, MARK_STYLE, TERRAIN, el, html, fmt, corners, inside,
    drawGround, spreadLabels };
})();
