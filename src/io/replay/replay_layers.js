// The replay page's leaders and objectives (replay.html; page.cc puts it after
// replay_table.js): leaders as small diamonds in their side's colour, the name on hover,
// crossed out when killed; objectives in the colour of the side holding them.
const ReplayLayers = (function () {
  'use strict';
  const { el } = ReplayTable;

  // One view per leader of the snapshot, drawn into `layer`; `onSelect(id)` on a click.
  function leaders(layer, snap, colour, fontPx, onSelect) {
    const r = fontPx * 0.6;
    const k = r * 0.6;
    return (snap.leaders || []).map((l) => {
      const g = el('g', { class: 'leader', 'data-leader': l.id }, layer);
      el('polygon', { points: [0, -r, r, 0, 0, r, -r, 0].join(' '), fill: '#fff', stroke: colour(l.side),
        'stroke-width': r * 0.4 }, g);
      el('path', { d: 'M' + -k + ',' + -k + 'L' + k + ',' + k + 'M' + k + ',' + -k + 'L' + -k + ',' + k,
        class: 'killed', stroke: '#000', 'stroke-width': r * 0.3 }, g);
      const title = el('title', {}, g);
      g.addEventListener('click', (ev) => { ev.stopPropagation(); onSelect(l.id); });
      return { g: g, title: title, leader: l };
    });
  }

  // Places each leader where `states` (id → LEADER state) puts him.
  function drawLeaders(views, states, selectedId, sx, sy) {
    views.forEach((v) => {
      const x = states[v.leader.id];
      if (!x) return;
      v.g.style.transform = 'translate(' + sx(x.position[0]) + 'px,' + sy(x.position[1]) + 'px)';
      v.g.classList.toggle('dead', !x.alive);
      v.g.classList.toggle('selected', selectedId === v.leader.id);
      v.title.textContent = (v.leader.name || v.leader.id) + (x.alive ? '' : ' (killed)');
    });
  }

  // Colours each objective (drawGround's views) by `held[k]`, the holding side or -1.
  function drawObjectives(objectives, held, snap, colour, sideName) {
    objectives.forEach((x, k) => {
      const h = held[k] === undefined ? -1 : held[k];
      const name = x.o.name || x.o.id;
      x.circle.dataset.holder = h >= 0 ? snap.sides[h].id : '';
      x.circle.classList.toggle('held', h >= 0);
      x.circle.style.stroke = h >= 0 ? colour(h) : '';
      x.circle.style.fill = h >= 0 ? colour(h) : '';
      x.label.textContent = '★ ' + name + (h >= 0 ? ' · ' + sideName(h) : '');
      x.label.style.fill = h >= 0 ? colour(h) : '';
      x.title.textContent = 'Objective ' + name + (x.o.points ? ', ' + x.o.points + ' VP' : '') + ': ' +
        (h >= 0 ? 'held by ' + sideName(h) : 'held by nobody');
    });
  }

  return { leaders, drawLeaders, drawObjectives };
})();
