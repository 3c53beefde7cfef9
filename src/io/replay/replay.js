// The replay page's script (replay.html, after replay_table.js, replay_layers.js,
// replay_state.js and replay_panel.js): draws the stands and the events of the replay data
// that smoothbore inlined (io/replay/page.cc), one step per event, and runs the timeline.
// Table frame: x east, y north, mm; facings are compass bearings (0 = north, 90 = east).
(function () {
  'use strict';
  const D = JSON.parse(document.getElementById('replay-data').textContent);
  const snap = D.snapshot;
  const steps = D.steps;
  const profile = D.profile || {};
  const svg = document.getElementById('table');
  const H = snap.table.height;
  const { NS, SIDE_COLOURS, MARK_STYLE, el, html } = ReplayTable;
  const { liveStands, onTable } = ReplayState;
  const unitIndex = {};
  snap.units.forEach((u, i) => { unitIndex[u.id] = i; });
  const sideName = (s) => (snap.sides[s] ? snap.sides[s].name || snap.sides[s].id : 'side ' + s);
  const colour = (s) => SIDE_COLOURS[s % SIDE_COLOURS.length];

  // ---- the state after each step, the turns and phases (replay_state.js) ----
  const T = ReplayState.build(D);
  const unitStates = T.units;
  const leaderStates = T.leaders;
  const turnFirstStep = T.turnFirstStep;

  const sx = (x) => x;
  const sy = (y) => H - y;
  function centre(state) {
    const s = liveStands(state).length ? liveStands(state) : state.stands;
    if (!s.length) return null;
    let x = 0, y = 0;
    s.forEach((t) => { x += t[0]; y += t[1]; });
    return [x / s.length, y / s.length];
  }

  const ground = ReplayTable.drawGround(svg, snap, profile, colour, sideName);

  // ---- units ----
  const unitLayer = el('g', { id: 'units' }, svg);
  const leaderLayer = el('g', { id: 'leaders' }, svg);
  const shotLayer = el('g', { id: 'shots' }, svg);
  const labelLayer = el('g', { id: 'labels' }, svg);
  ground.objectives.forEach((x) => labelLayer.appendChild(x.label));  // above the stands
  const leaderViews = ReplayLayers.leaders(leaderLayer, snap, colour, Math.max(snap.table.width, H) / 85,
    (id) => selectLeader(id));
  const drawLeaders = (i) => ReplayLayers.drawLeaders(leaderViews, leaderStates[i], selectedLeader, sx, sy);
  const drawObjectives = (i) => ReplayLayers.drawObjectives(ground.objectives, T.held[i] || [], snap, colour,
    sideName);
  const views = snap.units.map((u, i) => {
    const g = el('g', { class: 'unit', 'data-unit': u.id }, unitLayer);
    g.addEventListener('click', () => select(u.id));
    el('title', {}, g).textContent = u.name;
    const label = el('text', { class: 'unit-label', 'text-anchor': 'middle' }, labelLayer);
    return { g: g, label: label, stands: [], angles: [], unit: u, index: i };
  });
  function drawStand(view, k, st) {
    let s = view.stands[k];
    if (!s) {
      s = el('g', { class: 'stand' }, view.g);
      el('rect', {}, s);
      el('line', { class: 'front' }, s);
      view.stands[k] = s;
    }
    // Turn the short way round from the angle drawn before.
    const prev = view.angles[k];
    let a = st[2];
    if (prev !== undefined) a = prev + ((((st[2] - prev) % 360) + 540) % 360 - 180);
    view.angles[k] = a;
    const rect = s.firstChild;
    const c = colour(view.unit.side);
    rect.setAttribute('x', -st[3] / 2);
    rect.setAttribute('y', -st[4] / 2);
    rect.setAttribute('width', st[3]);
    rect.setAttribute('height', st[4]);
    rect.setAttribute('fill', c);
    rect.setAttribute('fill-opacity', '0.8');
    rect.setAttribute('stroke', '#111');
    rect.setAttribute('stroke-width', '1');
    const front = s.lastChild;
    front.setAttribute('x1', -st[3] / 2);
    front.setAttribute('x2', st[3] / 2);
    front.setAttribute('y1', -st[4] / 2);
    front.setAttribute('y2', -st[4] / 2);
    front.setAttribute('stroke', '#fff');
    front.setAttribute('stroke-width', Math.min(3, st[4] / 4));
    s.style.transform = 'translate(' + sx(st[0]) + 'px,' + sy(st[1]) + 'px) rotate(' + a + 'deg)';
    s.style.opacity = st[7] ? '0' : '1';
    s.dataset.x = st[0];
    s.dataset.y = st[1];
    s.dataset.facing = st[2];
  }

  // ---- markers: the rule set's flags, or for an older log what the table shows ----
  const { marks, books } = ReplayState.markers(snap, steps, T, profile);
  // Castings where the rule set counts them (000), else figures.
  const strengthOf = (u, state) => (u.state.castings > 0 ? state.castings : state.figures);
  const startOf = (u) => (u.state.castings > 0 ? u.state.castings : u.start_figures);

  // ---- drawing one step ----
  let current = 0;
  let selected = null;
  let selectedLeader = null;
  function drawTable(i) {
    const st = unitStates[i];
    views.forEach((v) => {
      const s = st[v.unit.id];
      s.stands.forEach((t, k) => drawStand(v, k, t));
      for (let k = s.stands.length; k < v.stands.length; ++k) v.stands[k].style.opacity = '0';
      const gone = !onTable(s);
      v.g.classList.toggle('gone', gone);
      v.g.classList.toggle('routed', s.status === 'routed');
      v.g.classList.toggle('selected', selected === v.unit.id);
      const c = centre(s);
      const m = marks(v.unit, s, i);
      v.g.dataset.marks = m.map((x) => x[0]).join(' ');
      v.label.style.display = gone && selected !== v.unit.id ? 'none' : '';
      if (c) {
        const top = Math.max(...s.stands.map((t) => t[1] + Math.max(t[3], t[4]) / 2));
        v.label.setAttribute('x', sx(c[0]));
        v.label.setAttribute('y', sy(top) - 4);
        v.label.textContent = '';
        const name = document.createElementNS(NS, 'tspan');
        name.textContent = !showNames.checked && selected !== v.unit.id ? ''
          : v.unit.name.length > 22 ? v.unit.name.slice(0, 20) + '…' : v.unit.name;
        v.label.appendChild(name);
        const str = document.createElementNS(NS, 'tspan');
        str.textContent = ' ' + strengthOf(v.unit, s) + ' ' + s.formation;
        str.setAttribute('fill', '#444');
        v.label.appendChild(str);
        m.forEach(([cls]) => {
          if (!cls || !MARK_STYLE[cls]) return;
          const b = document.createElementNS(NS, 'tspan');
          b.setAttribute('class', 'badge');
          b.setAttribute('fill', MARK_STYLE[cls][1]);
          b.textContent = ' ' + MARK_STYLE[cls][0];
          v.label.appendChild(b);
        });
      }
    });
    drawObjectives(i);
    // The objectives' names stay where they are: unit names move off them.
    ReplayTable.spreadLabels(views.map((v) => v.label), ground.objectives.map((x) => x.label.getBBox()));
    drawLeaders(i);
    // Fire, charges and melee of this step, firer to target.
    while (shotLayer.firstChild) shotLayer.removeChild(shotLayer.firstChild);
    const e = steps[i];
    if (e.unit && e.target && (e.kind === 'fire' || e.kind === 'charge' || e.kind === 'melee')) {
      const from = st[e.unit] && centre(st[e.unit]);
      const to = st[e.target] && centre(st[e.target]);
      if (from && to) {
        const line = el('line', { x1: sx(from[0]), y1: sy(from[1]), x2: sx(to[0]), y2: sy(to[1]),
          class: 'shot ' + e.kind }, shotLayer);
        el('title', {}, line).textContent = e.text || e.kind;
        el('circle', { cx: sx(to[0]), cy: sy(to[1]), r: 6, class: 'shot ' + e.kind }, shotLayer);
      }
    }
  }

  function drawStanding(i) {
    const st = unitStates[i];
    const box = document.getElementById('standing');
    box.textContent = '';
    const left = snap.sides.map((side, s) => {
      let now = 0, start = 0;
      snap.units.forEach((u) => {
        if (u.side !== s) return;
        start += startOf(u);
        if (onTable(st[u.id])) now += strengthOf(u, st[u.id]);
      });
      return start ? now / start : 0;
    });
    const v = ReplayState.verdict(snap, T.score[i], T.held[i], left);
    const verdict = document.getElementById('verdict');
    verdict.textContent = '';
    verdict.title = v.title;
    const pill = (text, s) => { html('span', text, verdict, 'pill').style.background = colour(s); };
    if (v.lead >= 0) {
      pill(sideName(v.lead), v.lead);
      html('span', ' leads on ' + v.measure + ' ', verdict);
    } else {
      html('span', 'Level on ' + v.measure + ' ', verdict);
    }
    v.values.forEach((x, s) => { if (s) html('span', ':', verdict); pill(x, s); });
    if (v.objectives) {
      html('span', ' · objectives ', verdict);
      v.objectives.forEach((x, s) => { if (s) html('span', ':', verdict); pill(String(x), s); });
    }
    snap.sides.forEach((side, s) => {
      let now = 0, start = 0, active = 0, routed = 0, lost = 0;
      snap.units.forEach((u) => {
        if (u.side !== s) return;
        const x = st[u.id];
        start += startOf(u);
        if (onTable(x)) now += strengthOf(u, x);
        if (x.status === 'active') ++active; else if (x.status === 'routed') ++routed; else ++lost;
      });
      const d = html('div', null, box, 'standing');
      d.dataset.side = side.id;
      html('div', sideName(s) + ': ' + now + ' / ' + start, d);
      const bar = html('div', null, d, 'bar');
      const fill = html('i', null, bar);
      fill.style.width = (start ? 100 * now / start : 0) + '%';
      fill.style.background = colour(s);
      html('small', active + ' in good order, ' + routed + ' routed, ' + lost + ' gone', d);
    });
  }

  let eventsTurn = null;
  const eventItems = [];
  function drawEvents(i) {
    const list = document.getElementById('events');
    const turn = steps[i].turn;
    if (eventsTurn !== turn) {
      eventsTurn = turn;
      list.textContent = '';
      eventItems.length = 0;
      html('h3', turn > 0 ? 'Turn ' + turn : 'Before the battle', list);
      for (let k = turnFirstStep[turn]; k < steps.length && steps[k].turn === turn; ++k) {
        const e = steps[k];
        const item = html('div', null, list, 'ev');
        item.dataset.step = k;
        const head = html('div', null, item);
        html('span', e.kind.replace('_', ' '), head, 'k');
        html('span', e.text || e.kind, head);
        head.addEventListener('click', () => go(k));
        if (e.rolls && e.rolls.length) {
          const det = html('details', null, item);
          html('summary', e.rolls.length === 1 ? 'dice and modifiers' : e.rolls.length + ' rolls', det);
          e.rolls.forEach((r) => ReplayPanel.roll(r, det));
        }
        eventItems.push(item);
      }
    }
    let cur = null;
    eventItems.forEach((item) => {
      const k = Number(item.dataset.step);
      item.classList.toggle('current', k === i);
      item.classList.toggle('future', k > i);
      if (k === i) cur = item;
    });
    // Keep the current event in view (#events is its offsetParent).
    if (cur && (cur.offsetTop < list.scrollTop ||
                cur.offsetTop + cur.offsetHeight > list.scrollTop + list.clientHeight)) {
      list.scrollTop = Math.max(0, cur.offsetTop - list.clientHeight / 3);
    }
  }

  const panelCtx = { snap: snap, steps: steps, T: T, unitIndex: unitIndex, colour: colour,
    sideName: sideName, marks: marks, eventBooks: books, liveStands: liveStands,
    selectLeader: (id) => selectLeader(id), selectUnit: (id) => select(id) };
  function drawUnitPanel(i) {
    const panel = document.getElementById('unit-panel');
    if (selected) ReplayPanel.unit(panelCtx, panel, i, selected);
    else if (selectedLeader) ReplayPanel.leader(panelCtx, panel, i, selectedLeader);
  }

  function select(id) {
    selected = id;
    selectedLeader = null;
    render();
  }
  function selectLeader(id) {
    selectedLeader = id;
    selected = null;
    render();
  }

  // ---- timeline ----
  const slider = document.getElementById('slider');
  const where = document.getElementById('where');
  const turnSel = document.getElementById('turn');
  const playBtn = document.getElementById('play');
  const speedSel = document.getElementById('speed');
  slider.max = String(steps.length - 1);
  const ticks = document.getElementById('turn-ticks');
  Object.keys(turnFirstStep).map(Number).sort((a, b) => a - b).forEach((t) => {
    const o = document.createElement('option');
    o.value = String(turnFirstStep[t]);
    ticks.appendChild(o);
    const p = document.createElement('option');
    p.value = String(t);
    p.textContent = t > 0 ? String(t) : 'start';
    turnSel.appendChild(p);
  });

  // The phase menu lists the phases of the turn shown.
  const phaseSel = document.getElementById('phase');
  let phaseTurn = null;
  function fillPhases(turn) {
    if (phaseTurn === turn) return;
    phaseTurn = turn;
    phaseSel.textContent = '';
    T.phases.forEach((p, k) => {
      if (p.turn !== turn) return;
      const o = document.createElement('option');
      o.value = String(k);
      o.textContent = p.name || '—';
      phaseSel.appendChild(o);
    });
  }
  function nextPhase() {
    const p = T.phaseOf[current];
    go(p + 1 < T.phases.length ? T.phases[p + 1].first : steps.length - 1);
  }
  function previousPhase() {
    const p = T.phaseOf[current];
    go(current > T.phases[p].first || p === 0 ? T.phases[p].first : T.phases[p - 1].first);
  }

  function render() {
    const i = current;
    const e = steps[i];
    slider.value = String(i);
    turnSel.value = String(e.turn);
    fillPhases(e.turn);
    phaseSel.value = String(T.phaseOf[i]);
    const phase = T.phases[T.phaseOf[i]].name;
    where.textContent = (e.turn > 0 ? 'Turn ' + e.turn : 'Start') + (phase ? ' · ' + phase : '') +
      (e.phase && e.phase !== phase ? ' (' + e.phase + ')' : '') +
      ' · step ' + (i + 1) + ' of ' + steps.length;
    drawTable(i);
    drawStanding(i);
    drawUnitPanel(i);  // first: its height sets the room left for the events
    drawEvents(i);
  }
  function go(i) {
    current = Math.max(0, Math.min(steps.length - 1, i));
    render();
  }
  // Moves animate over most of a step's time when playing, never longer than 0.45 s.
  function setMoveTime(ms) {
    svg.style.setProperty('--move', Math.min(450, ms * 0.8).toFixed(0) + 'ms');
  }
  const showNames = document.getElementById('names');
  showNames.addEventListener('change', () => render());
  let timer = null;
  function setPlaying(on) {
    if (timer) { clearInterval(timer); timer = null; }
    setMoveTime(450);
    playBtn.textContent = on ? 'Pause' : 'Play';
    if (!on) return;
    if (current >= steps.length - 1) go(0);
    setMoveTime(700 / Number(speedSel.value));
    timer = setInterval(() => {
      if (current >= steps.length - 1) { setPlaying(false); return; }
      go(current + 1);
    }, 700 / Number(speedSel.value));
  }
  slider.addEventListener('input', () => go(Number(slider.value)));
  turnSel.addEventListener('change', () => go(turnFirstStep[Number(turnSel.value)]));
  phaseSel.addEventListener('change', () => go(T.phases[Number(phaseSel.value)].first));
  document.getElementById('first').addEventListener('click', () => go(0));
  document.getElementById('last').addEventListener('click', () => go(steps.length - 1));
  document.getElementById('back').addEventListener('click', () => go(current - 1));
  document.getElementById('forward').addEventListener('click', () => go(current + 1));
  playBtn.addEventListener('click', () => setPlaying(!timer));
  speedSel.addEventListener('change', () => { if (timer) setPlaying(true); });
  document.addEventListener('keydown', (ev) => {
    if (ev.target && ev.target.tagName === 'SELECT') return;
    if (ev.key === 'ArrowRight') go(current + 1);
    else if (ev.key === 'ArrowLeft') go(current - 1);
    else if (ev.key === 'ArrowUp') go(turnFirstStep[steps[current].turn + 1] ?? steps.length - 1);
    else if (ev.key === 'ArrowDown') go(turnFirstStep[Math.max(0, steps[current].turn - 1)] ?? 0);
    else if (ev.key === 'PageDown' || ev.key === ']') nextPhase();
    else if (ev.key === 'PageUp' || ev.key === '[') previousPhase();
    else if (ev.key === ' ') setPlaying(!timer);
    else if (ev.key === 'Home') go(0);
    else if (ev.key === 'End') go(steps.length - 1);
    else return;
    ev.preventDefault();
  });

  const title = document.getElementById('title');
  html('b', snap.scenario, title);
  html('small', (snap.ruleset_title || snap.ruleset) + ' · ' + steps.length + ' events', title);
  render();
  // The page's own handle for tests and the console.
  window.smoothboreReplay = { steps: steps.length, go: go, current: () => current,
    phase: () => T.phases[T.phaseOf[current]].name, turn: () => steps[current].turn };
})();
