// The replay page's panel of the unit or leader clicked (replay.html; page.cc puts it after
// replay_state.js): its state at the current step, the rule set's flags and books (orders,
// shatter boxes, ...) as it recorded them, its leader, its last order and event.
const ReplayPanel = (function () {
  'use strict';
  const { html, fmt } = ReplayTable;

  function table(panel) {
    const t = html('table', null, panel);
    const row = (a, b, cls) => {
      if (b === undefined || b === null || b === '') return null;
      const tr = html('tr', null, t);
      if (cls) tr.className = cls;
      tr.dataset.label = a;
      html('td', a, tr);
      html('td', String(b), tr);
      return tr;
    };
    return { t, row };
  }

  // ctx: { snap, steps, T (ReplayState.build), unitIndex, colour, sideName, marks(u, s, i),
  //        eventBooks(id, i), liveStands(state) }
  function unit(ctx, panel, i, id) {
    const { snap, steps, T } = ctx;
    const u = snap.units[ctx.unitIndex[id]];
    const s = T.units[i][u.id];
    panel.textContent = '';
    const h = html('h2', u.name, panel);
    h.style.color = ctx.colour(u.side);
    const { t, row } = table(panel);
    row('side', ctx.sideName(u.side));
    row('command', u.command);
    row('type', u.type + ' (' + u.arm + ')');
    row('status', s.status);
    row('formation', s.formation);
    if (u.start_figures > 0) row('figures', s.figures + ' of ' + u.start_figures);
    if (u.state.castings > 0) row('castings', s.castings + ' of ' + u.state.castings);
    row('stands', ctx.liveStands(s).length + ' of ' + s.stands.length);
    const m = ctx.marks(u, s, i);
    row('markers', m.length ? m.map((x) => x[1]).join(', ') : 'none', 'flags');
    if (s.books) {
      // The rule set's own books (Battle::unit_report): orders, shatter boxes, guns, ...
      s.books.forEach(([label, value]) => row(label, value, 'book'));
    } else {
      const b = ctx.eventBooks(u.id, i);
      const keys = Object.keys(b).filter((k) => k !== 'hits' && k !== 'stand');
      if (keys.length) row('books', keys.map((k) => k.replace(/_/g, ' ') + ' ' + fmt(b[k])).join(', '));
    }
    const ls = T.leaders[i];
    (snap.leaders || []).forEach((l) => {
      const x = ls[l.id];
      if (x && x.attached === ctx.unitIndex[u.id]) {
        const tr = row('leader', l.name + (x.alive ? ', alive' : ', killed'), 'leader');
        if (tr) tr.addEventListener('click', () => ctx.selectLeader(l.id));
      }
    });
    let order = null;
    for (let k = i; k >= 0; --k) {
      if (steps[k].unit === u.id && steps[k].kind === 'order') { order = steps[k].text; break; }
    }
    row('last action', order);
    const attrs = Object.keys(u.attributes);
    if (attrs.length) {
      const tr = html('tr', null, t);
      html('td', 'from the scenario', tr).colSpan = 2;
      attrs.forEach((k) => row(k.replace(/_/g, ' '), fmt(u.attributes[k])));
    }
    let last = null;
    for (let k = i; k >= 0; --k) {
      if ((steps[k].unit === u.id || steps[k].target === u.id) && steps[k].kind !== 'order') {
        last = 'turn ' + steps[k].turn + ': ' + steps[k].text; break;
      }
    }
    row('last event', last);
  }

  function leader(ctx, panel, i, id) {
    const { snap, steps, T } = ctx;
    const l = snap.leaders.find((x) => x.id === id);
    const x = T.leaders[i][id];
    panel.textContent = '';
    const h = html('h2', l.name || l.id, panel);
    h.style.color = ctx.colour(l.side);
    const { t, row } = table(panel);
    row('side', ctx.sideName(l.side));
    row('commands', l.command);
    row('state', x.alive ? 'alive' : 'killed', 'leader-state');
    if (x.attached >= 0 && snap.units[x.attached]) {
      const tr = row('with', snap.units[x.attached].name, 'unit-link');
      if (tr) tr.addEventListener('click', () => ctx.selectUnit(snap.units[x.attached].id));
    }
    const attrs = Object.keys(l.attributes || {});
    if (attrs.length) {
      const tr = html('tr', null, t);
      html('td', 'from the scenario', tr).colSpan = 2;
      attrs.forEach((k) => row(k.replace(/_/g, ' '), fmt(l.attributes[k])));
    }
    // The latest event that names the leader (a messenger sent, a fall).
    let last = null;
    const name = l.name || l.id;
    for (let k = i; k >= 0 && !last; --k) {
      const text = steps[k].text || '';
      if (text.indexOf(l.id) >= 0 || text.indexOf(name) >= 0) last = 'turn ' + steps[k].turn + ': ' + text;
    }
    row('last event', last);
  }

  // One roll of an event: the dice faces, base, modifiers with their rule references.
  function roll(r, parent) {
    const box = html('div', null, parent, 'roll');
    html('div', (r.purpose ? r.purpose + ': ' : '') + (r.dice || ''), box);
    if (r.faces && r.faces.length) {
      const f = html('div', null, box, 'faces');
      r.faces.forEach((x) => html('span', String(x), f));
    }
    const t = html('table', null, box);
    const row = (a, b, c) => {
      const tr = html('tr', null, t);
      html('td', a, tr); html('td', b, tr); html('td', c, tr, 'ref');
    };
    if (r.base || r.base_ref) row('base', fmt(r.base), r.base_ref || '');
    (r.modifiers || []).forEach((m) => row(m.name, (m.value > 0 ? '+' : '') + fmt(m.value), m.ref || ''));
    if (r.target || (r.modifiers && r.modifiers.length)) row('needs', fmt(r.target), '');
    if (r.result) row('result', r.result, '');
    if (r.line) html('code', r.line, box);
  }

  return { unit, leader, roll };
})();
