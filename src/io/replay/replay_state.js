// The replay page's timeline (replay.html; page.cc puts it after replay_table.js): from the
// replay data, what holds after each step — unit and leader states, objective holders,
// the rule set's victory points — shared between steps where unchanged, and the turns and
// phases of the battle to jump between.
const ReplayState = (function () {
  'use strict';

  // The phase a step belongs to: the rule set's step of its sequence (the recorder's step
  // lines), else the phase the event names; the battle's first events are its start.
  function phaseName(e) {
    if (e.step) return e.step;
    if (e.phase) return e.phase;
    if (e.turn === 0) return 'start';
    return e.kind === 'battle_end' ? 'end' : '';
  }

  function build(D) {
    const snap = D.snapshot;
    const steps = D.steps;
    const out = { units: [], leaders: [], held: [], score: [], turnFirstStep: {}, phases: [],
      phaseOf: [] };
    let u = {};
    snap.units.forEach((x) => { u[x.id] = x.state; });
    let l = {};
    (snap.leaders || []).forEach((x) => { l[x.id] = x.state; });
    let held = snap.held || null;
    let score = snap.score || null;
    steps.forEach((s, i) => {
      if (s.units) u = Object.assign({}, u, s.units);
      if (s.leaders) l = Object.assign({}, l, s.leaders);
      if (s.held !== undefined) held = s.held;
      if (s.score !== undefined) score = s.score;
      out.units.push(u);
      out.leaders.push(l);
      out.held.push(held);
      out.score.push(score);
      if (out.turnFirstStep[s.turn] === undefined) out.turnFirstStep[s.turn] = i;
      const name = phaseName(s);
      const last = out.phases[out.phases.length - 1];
      if (!last || last.turn !== s.turn || last.name !== name) {
        out.phases.push({ turn: s.turn, name: name, first: i, last: i });
      } else {
        last.last = i;
      }
      out.phaseOf.push(out.phases.length - 1);
    });
    return out;
  }

  // Who is winning at a step, for one line in the header: the rule set's victory points
  // when it has them, else the strength each side has left (`left[s]`, fractions); and the
  // objectives each side holds. { lead: side or -1, measure, values: per side (text),
  // objectives: per side (count) or null, title: the accounts }.
  function verdict(snap, score, held, left) {
    const n = snap.sides.length;
    const leader = (vals) => {
      let best = -1, bestVal = -Infinity, second = -Infinity;
      vals.forEach((v, s) => {
        if (v > bestVal) { second = bestVal; bestVal = v; best = s; } else if (v > second) second = v;
      });
      return bestVal > second ? best : -1;
    };
    const out = { objectives: null, title: '' };
    if (score && score.points && score.points.length === n) {
      out.lead = leader(score.points);
      out.measure = 'victory points';
      out.values = score.points.map((p) => p + ' VP');
      out.title = (score.accounts || []).join('\n');
    } else {
      const pct = left.map((x) => Math.round(x * 100));
      out.lead = leader(pct);
      out.measure = 'strength left';
      out.values = pct.map((p) => p + '%');
      out.title = 'strength left of each side (the rule set keeps no victory points)';
    }
    if (held && held.length) out.objectives = snap.sides.map((_, s) => held.filter((h) => h === s).length);
    return out;
  }

  const liveStands = (state) => state.stands.filter((s) => !s[7]);
  const onTable = (state) => state.status === 'active' || state.status === 'routed';

  // How the page marks units: marks(u, state, i) lists [class or null, text] per flag,
  // books(id, i) the event books of an older log.
  function markers(snap, steps, T, profile) {
    const { MARK_CLASSES, corners, inside } = ReplayTable;
    function markClass(type) {
      if (profile.markers && profile.markers[type]) return profile.markers[type];
      return MARK_CLASSES.find((c) => type.indexOf(c.slice(0, 5)) >= 0) || null;
    }
    // The latest data fields of the status, morale, rout and removal events of a unit up to
    // step i: the rule set's books (shatter boxes, losses, halted until ...).
    const BOOK_KINDS = new Set(['status', 'morale', 'rout', 'removed']);
    function books(id, i) {
      const out = {};
      for (let k = 0; k <= i; ++k) {
        const e = steps[k];
        if (e.unit === id && e.data && BOOK_KINDS.has(e.kind)) Object.assign(out, e.data);
      }
      return out;
    }
    function engaged(i) {
      const st = T.units[i];
      const out = new Set();
      const live = snap.units.map((u) => (onTable(st[u.id]) ? liveStands(st[u.id]) : []));
      for (let a = 0; a < snap.units.length; ++a) {
        for (let b = a + 1; b < snap.units.length; ++b) {
          if (snap.units[a].side === snap.units[b].side) continue;
          const touch = live[a].some((p) => live[b].some((q) =>
            corners(p).some((c) => inside(c, q, 1)) || corners(q).some((c) => inside(c, p, 1))));
          if (touch) { out.add(snap.units[a].id); out.add(snap.units[b].id); }
        }
      }
      return out;
    }
    // The flags of a unit at step i: the rule set's own (Battle::unit_report, recorded in
    // the state) when the log has them; for an older log, inferred from the status, the
    // markers, the books of the events and stands touching an enemy.
    let engagedAt = -1, engagedSet = null;
    function marks(u, state, i) {
      const m = [];
      if (state.status === 'removed' || state.status === 'off-table') m.push(['removed', state.status]);
      if (state.flags) {
        state.flags.forEach((f) => m.push([markClass(f), f]));
        return m;
      }
      if (engagedAt !== i) { engagedAt = i; engagedSet = engaged(i); }
      const eng = engagedSet;
      if (state.status === 'routed') m.push(['routed', 'routed']);
      state.markers.forEach((k) => {
        const c = markClass(k.type);
        m.push([c, k.type + (k.count > 1 ? ' ×' + k.count : '')]);
      });
      const b = books(u.id, i);
      for (const key in b) {
        const stop = key.match(/^(.*)_until$/);
        if (stop && typeof b[key] === 'number' && b[key] >= steps[i].turn) {
          m.push([markClass(stop[1]) || stop[1], stop[1] + ' until turn ' + b[key]]);
        }
      }
      if (eng.has(u.id) && onTable(state)) m.push(['engaged', 'engaged']);
      return m;
    }
    return { marks, books };
  }

  return { build, phaseName, verdict, markers, liveStands, onTable };
})();
