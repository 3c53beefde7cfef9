// Browser test of the replay page (src/io/replay/): for each rule set's small scenario,
// writes a replay with the real program, opens it in headless Chromium (Debian's
// /usr/bin/chromium, driven by playwright-core; no browser is downloaded) and checks that
// it loads with no console error and no network request, that stepping the slider moves a
// stand and changes the event panel, that the arrow keys step, that clicking a unit shows
// its panel with the status flags and books its rule set recorded (F&D: its order), that
// leaders are drawn and show whether they are alive, that PageDown and the phase menu jump
// by phase, and that objectives are coloured by holder and the header says who is winning.
// Saves a screenshot of each under OUT.
//
// usage: node replay.test.js SMOOTHBORE_BINARY SOURCE_DIR OUT_DIR (exit 77: not installed)
'use strict';
const { loadChromium, check, runCases } = require('./harness');
const chromium = loadChromium();
const { execFileSync } = require('child_process');
const fs = require('fs');
const path = require('path');

const [binary, source, out] = process.argv.slice(2);
if (!binary || !source || !out) {
  console.error('usage: node replay.test.js SMOOTHBORE_BINARY SOURCE_DIR OUT_DIR');
  process.exit(2);
}
fs.mkdirSync(out, { recursive: true });

// Each playable rule set's small battle, through `run --html` or `run --log` + `replay`.
const CASES = [
  { ruleset: 'fast-1805', scenario: 'scenarios/fast-1805/small.toml', via: 'run' },
  { ruleset: 'fire-and-discipline', scenario: 'scenarios/fire-and-discipline/small.toml', via: 'replay',
    orders: true, leaders: true },
  { ruleset: 'elan-drill', scenario: 'scenarios/elan-drill/small.toml', via: 'run' },
  { ruleset: 'squad-skirmish', scenario: 'scenarios/squad-skirmish/small.toml', via: 'replay' },
  { ruleset: 'group-orders', scenario: 'scenarios/group-orders/small.toml', via: 'run',
    leaders: true, groupOrders: true },
];

function writeReplay(c) {
  const html = path.join(out, 'replay-' + c.ruleset + '.html');
  const scenario = path.join(source, c.scenario);
  if (c.via === 'run') {
    execFileSync(binary, ['run', scenario, '--quiet', '--html', html]);
  } else {
    const log = path.join(out, 'replay-' + c.ruleset + '.jsonl');
    execFileSync(binary, ['run', scenario, '--quiet', '--log', log]);
    execFileSync(binary, ['replay', log, '--html', html]);
  }
  return html;
}

async function testCase(browser, c) {
  const file = writeReplay(c);
  const page = await browser.newPage({ viewport: { width: 1400, height: 860 } });
  const errors = [];
  const requests = [];
  page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
  page.on('pageerror', (e) => errors.push(String(e)));
  page.on('request', (r) => { if (!r.url().startsWith('file:')) requests.push(r.url()); });
  await page.goto('file://' + file);
  await page.waitForSelector('.stand');
  const tag = '[' + c.ruleset + '] ';

  const positions = () => page.$$eval('.stand', (els) => els.map((e) => e.dataset.x + ',' + e.dataset.y + ',' + e.dataset.facing));
  const currentEvent = () => page.$eval('.ev.current', (e) => e.textContent);
  const step = () => page.evaluate(() => window.smoothboreReplay.current());
  const before = await positions();
  const eventBefore = await currentEvent();
  check(before.length > 0, tag + 'stands are drawn (' + before.length + ')');
  check((await page.$$('#terrain polygon, #terrain polyline')).length > 0, tag + 'terrain is drawn');
  check((await page.textContent('.scale text')).length > 0, tag + 'scale bar has a label');

  // The slider to the middle of the battle: some stand has moved, the panel shows another event.
  const steps = await page.evaluate(() => window.smoothboreReplay.steps);
  await page.$eval('#slider', (s, v) => { s.value = String(v); s.dispatchEvent(new Event('input')); },
    Math.floor(steps / 2));
  const after = await positions();
  const moved = after.filter((p, i) => p !== before[i]).length;
  check(moved > 0, tag + 'stepping the slider moves stands (' + moved + ' moved)');
  check((await currentEvent()) !== eventBefore, tag + 'the event panel follows the slider');

  // Keys: an arrow steps, space plays and pauses.
  const at = await step();
  await page.keyboard.press('ArrowRight');
  check((await step()) === at + 1, tag + 'ArrowRight steps forward');
  await page.keyboard.press('ArrowLeft');
  check((await step()) === at, tag + 'ArrowLeft steps back');

  // Click a unit on the table: its panel shows its name and state.
  const unit = await page.$('.unit:not(.gone)');
  const name = await unit.evaluate((g) => g.querySelector('title').textContent);
  await unit.evaluate((g) => g.querySelector('.stand').dispatchEvent(new MouseEvent('click', { bubbles: true })));
  check((await page.textContent('#unit-panel h2')) === name, tag + 'clicking a unit shows its panel (' + name + ')');
  check(/status/.test(await page.textContent('#unit-panel')), tag + 'the unit panel shows its status');

  // A status flag the rule set reported (Battle::unit_report) is shown on the table and in
  // the unit's panel at a step where the recorded state has it.
  const flagged = await page.evaluate(() => {
    const d = JSON.parse(document.getElementById('replay-data').textContent);
    for (let k = 0; k < d.steps.length; ++k) {
      for (const [id, st] of Object.entries(d.steps[k].units || {})) {
        if (st.flags && st.flags.length && st.status === 'active') return { step: k, id: id, flag: st.flags[0] };
      }
    }
    return null;
  });
  check(flagged !== null, tag + 'the recorded state carries a status flag from the rule set');
  if (flagged) {
    await page.evaluate((k) => window.smoothboreReplay.go(k), flagged.step);
    await page.$eval('.unit[data-unit="' + flagged.id + '"] .stand',
      (s) => s.dispatchEvent(new MouseEvent('click', { bubbles: true })));
    const markers = await page.textContent('#unit-panel tr[data-label="markers"]');
    check(markers.indexOf(flagged.flag) >= 0,
      tag + 'the unit panel shows the flag "' + flagged.flag + '" (' + markers + ')');
    const label = await page.textContent('#labels text:not([style*="none"])');
    check(label.length > 0, tag + 'unit labels are drawn');
  }

  // The rule set's books in the panel: F&D's order (§2.41) from the recorded state.
  if (c.orders) {
    const order = await page.$('#unit-panel tr[data-label="order"]');
    const text = order ? await order.textContent() : '';
    check(/General Advance|Assault|Hold|Withdrawal/.test(text), tag + 'the unit panel shows its order (' + text + ')');
    check(/shatter boxes/.test(await page.textContent('#unit-panel')), tag + 'the unit panel shows its shatter boxes');
  }

  // group-orders: the unit's orders (L1-L29) and whether it is Disorganised (H4-07).
  if (c.groupOrders) {
    const order = await page.$('#unit-panel tr[data-label="orders"]');
    const text = order ? await order.textContent() : '';
    check(/advance|reserve|stand|retreat|rout/.test(text), tag + 'the unit panel shows its orders (' + text + ')');
    check(/disorganised/.test(await page.textContent('#unit-panel')), tag + 'the unit panel shows whether it is Disorganised');
  }

  // Leaders: a marker for each on the table; clicking one shows whether he is alive.
  const leaders = await page.evaluate(() =>
    (JSON.parse(document.getElementById('replay-data').textContent).snapshot.leaders || []).length);
  check((await page.$$('#leaders .leader')).length === leaders, tag + 'a marker for each leader (' + leaders + ')');
  if (c.leaders) {
    check(leaders > 0, tag + 'the scenario has leaders');
    const mark = await page.$('#leaders .leader');
    await mark.evaluate((g) => g.dispatchEvent(new MouseEvent('click', { bubbles: true })));
    check(/alive|killed/.test(await page.textContent('#unit-panel tr[data-label="state"]')),
      tag + 'clicking a leader shows whether he is alive');
  }

  // Phases: PageDown jumps to the first step of the next phase, the phase menu to any.
  await page.evaluate(() => window.smoothboreReplay.go(Math.floor(window.smoothboreReplay.steps / 3)));
  const phaseBefore = await page.evaluate(() => window.smoothboreReplay.turn() + '/' + window.smoothboreReplay.phase());
  await page.keyboard.press('PageDown');
  const phaseAfter = await page.evaluate(() => window.smoothboreReplay.turn() + '/' + window.smoothboreReplay.phase());
  check(phaseAfter !== phaseBefore, tag + 'PageDown jumps to the next phase (' + phaseBefore + ' → ' + phaseAfter + ')');
  check((await page.$eval('#phase', (s) => s.options[s.selectedIndex].textContent)) ===
    phaseAfter.split('/')[1], tag + 'the phase menu shows the phase');
  const options = await page.$$eval('#phase option', (os) => os.map((o) => o.value));
  check(options.length > 1, tag + 'the phase menu lists the phases of the turn (' + options.length + ')');
  // From the turn's first step (the turn menu), the last phase of the turn lies ahead.
  await page.$eval('#turn', (s) => s.dispatchEvent(new Event('change')));
  const atPhase = await step();
  await page.$eval('#phase', (s) => { s.selectedIndex = s.options.length - 1; s.dispatchEvent(new Event('change')); });
  check((await step()) > atPhase, tag + 'choosing the last phase in the menu jumps forward');

  // Objectives coloured by holder, and who is winning in the header.
  await page.evaluate(() => window.smoothboreReplay.go(window.smoothboreReplay.steps - 1));
  const held = await page.evaluate(() => {
    const d = JSON.parse(document.getElementById('replay-data').textContent);
    let h = d.snapshot.held;
    d.steps.forEach((s) => { if (s.held !== undefined) h = s.held; });
    return h.map((x) => (x >= 0 ? d.snapshot.sides[x].id : ''));
  });
  const drawn = await page.$$eval('circle.objective[data-objective]', (cs) => cs.map((c) => c.dataset.holder));
  check(JSON.stringify(drawn) === JSON.stringify(held), tag + 'objectives coloured by their holder (' + drawn + ')');
  check(/leads|Level/.test(await page.textContent('#verdict')), tag + 'the header says who is winning');

  // An event with dice expands to show them.
  const det = await page.$('.ev details');
  if (det) {
    await det.evaluate((d) => { d.open = true; });
    check((await det.$$('.roll')).length > 0, tag + 'an event expands to its rolls');
  }

  await page.waitForTimeout(600);  // let the moves finish animating
  await page.screenshot({ path: path.join(out, 'replay-' + c.ruleset + '.png') });
  check(errors.length === 0, tag + 'no console errors' + (errors.length ? ': ' + errors.join(' | ') : ''));
  check(requests.length === 0, tag + 'no network requests' + (requests.length ? ': ' + requests.join(' ') : ''));
  await page.close();
}

runCases(chromium, CASES, testCase, out);
